package org.acapengine.serve;

/** A request the service refuses: an HTTP status and a one-line message for {@code {"error": …}}. */
public final class ApiException extends RuntimeException {

  /** The serialization version. */
  private static final long serialVersionUID = 1L;

  /** The HTTP status. */
  private final int status;

  /**
   * A refusal.
   *
   * @param status the HTTP status (400, 404, 405, 413, 415)
   * @param message what is wrong, one line
   */
  public ApiException(int status, String message) {
    super(message);
    this.status = status;
  }

  /**
   * A 400 Bad Request.
   *
   * @param message what is wrong, one line
   * @return the exception
   */
  public static ApiException badRequest(String message) {
    return new ApiException(400, message);
  }

  /**
   * The HTTP status.
   *
   * @return the status
   */
  public int status() {
    return status;
  }
}
