package org.acapengine.adapters.rsl;

import org.acapengine.model.Diagnostic;

/** Why a licence is rejected whole: thrown inside the reader, never out of it. */
final class RslReject extends Exception {
  private static final long serialVersionUID = 1L;
  final transient Diagnostic diagnostic;

  RslReject(Diagnostic diagnostic) {
    super(diagnostic.message(), null, false, false);
    this.diagnostic = diagnostic;
  }
}
