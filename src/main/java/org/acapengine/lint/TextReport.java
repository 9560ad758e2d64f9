package org.acapengine.lint;

import java.util.List;
import org.acapengine.model.Severity;

/**
 * {@code FILE:LINE:COL: SEVERITY CODE message}, one line per finding, then a summary line. Control
 * characters of the file name and message are escaped ({@link PrintedFinding}).
 */
public final class TextReport implements Report {

  @Override
  public String render(List<Finding> findings, int fileCount) {
    StringBuilder sb = new StringBuilder();
    int[] counts = new int[Severity.values().length];
    for (Finding finding : findings) {
      PrintedFinding f = PrintedFinding.of(finding);
      counts[f.severity().ordinal()]++;
      sb.append(f.file()).append(':').append(f.span().line()).append(':').append(f.span().column()).append(": ")
          .append(f.severity().label()).append(' ').append(f.code()).append(' ').append(f.message()).append('\n');
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
