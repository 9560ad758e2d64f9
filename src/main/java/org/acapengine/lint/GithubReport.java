package org.acapengine.lint;

import java.util.List;
import org.acapengine.model.Diagnostic;

/**
 * GitHub Actions workflow commands, one per finding: {@code ::error file=F,line=L,col=C,
 * endLine=EL,endColumn=EC,title=CODE::message} ({@code ::warning}, {@code ::notice} for info),
 * escaped as the runner expects: in the message {@code %}, CR and LF; in property values also
 * {@code :} and {@code ,}.
 */
public final class GithubReport implements Report {

  @Override
  public String render(List<Finding> findings, int fileCount) {
    StringBuilder sb = new StringBuilder();
    for (Finding f : findings) {
      Diagnostic d = f.diagnostic();
      String command = switch (d.severity()) {
        case ERROR -> "error";
        case WARNING -> "warning";
        case INFO -> "notice";
      };
      sb.append("::").append(command)
          .append(" file=").append(property(f.file()))
          .append(",line=").append(d.span().line())
          .append(",col=").append(d.span().column())
          .append(",endLine=").append(d.span().endLine())
          .append(",endColumn=").append(d.span().endColumn())
          .append(",title=").append(property(d.code()))
          .append("::").append(data(d.message()))
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
