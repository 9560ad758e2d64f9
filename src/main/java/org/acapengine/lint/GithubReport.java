package org.acapengine.lint;

import java.util.List;

/**
 * GitHub Actions workflow commands, one per finding: {@code ::error file=F,line=L,col=C,
 * endLine=EL,endColumn=EC,title=CODE::message} ({@code ::warning}, {@code ::notice} for info),
 * escaped as the runner expects: in the message {@code %}, CR and LF; in property values also
 * {@code :} and {@code ,}. Control characters of the file name and message are escaped first
 * ({@link PrintedFinding}): the runner's log viewer interprets ESC sequences.
 */
public final class GithubReport implements Report {

  @Override
  public String render(List<Finding> findings, int fileCount) {
    StringBuilder sb = new StringBuilder();
    for (Finding finding : findings) {
      PrintedFinding f = PrintedFinding.of(finding);
      String command = switch (f.severity()) {
        case ERROR -> "error";
        case WARNING -> "warning";
        case INFO -> "notice";
      };
      sb.append("::").append(command)
          .append(" file=").append(property(f.file()))
          .append(",line=").append(f.span().line())
          .append(",col=").append(f.span().column())
          .append(",endLine=").append(f.span().endLine())
          .append(",endColumn=").append(f.span().endColumn())
          .append(",title=").append(property(f.code()))
          .append("::").append(data(f.message()))
          .append('\n');
    }
    return sb.toString();
  }

  /** Escapes a command's message. */
  static String data(String s) {
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  /** Escapes a command's property value. */
  static String property(String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }
}
