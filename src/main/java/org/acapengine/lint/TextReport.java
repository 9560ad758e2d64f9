package org.acapengine.lint;

import java.util.List;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;

/** {@code FILE:LINE:COL: SEVERITY CODE message}, one line per finding, then a summary line. */
public final class TextReport implements Report {

  @Override
  public String render(List<Finding> findings, int fileCount) {
    StringBuilder sb = new StringBuilder();
    int[] counts = new int[Severity.values().length];
    for (Finding f : findings) {
      Diagnostic d = f.diagnostic();
      counts[d.severity().ordinal()]++;
      sb.append(f.file()).append(':').append(d.span().line()).append(':').append(d.span().column()).append(": ")
          .append(d.severity().label()).append(' ').append(d.code()).append(' ').append(d.message()).append('\n');
    }
    sb.append(summary(fileCount, counts[Severity.ERROR.ordinal()], counts[Severity.WARNING.ordinal()], counts[Severity.INFO.ordinal()])).append('\n');
    return sb.toString();
  }

  /** "2 files linted: 1 error, 3 warnings, 0 info". */
  static String summary(int files, int errors, int warnings, int infos) {
    return files + (files == 1 ? " file" : " files") + " linted: "
        + errors + (errors == 1 ? " error, " : " errors, ")
        + warnings + (warnings == 1 ? " warning, " : " warnings, ")
        + infos + " info";
  }
}
