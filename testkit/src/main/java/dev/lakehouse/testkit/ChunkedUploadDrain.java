package dev.lakehouse.testkit;

import org.gaul.shaded.org.eclipse.jetty.http.HttpStatus;
import org.gaul.shaded.org.eclipse.jetty.io.Content;
import org.gaul.shaded.org.eclipse.jetty.server.Handler;
import org.gaul.shaded.org.eclipse.jetty.server.Request;
import org.gaul.shaded.org.eclipse.jetty.server.Response;
import org.gaul.shaded.org.eclipse.jetty.util.Callback;

/**
 * Reads an aws-chunked upload to its end after s3proxy has stored it. s3proxy (3.2 and later) stops
 * reading the body once it has the object's declared length ({@value #DECODED_CONTENT_LENGTH}), so
 * the zero-length chunk and the checksum trailer that end the body stay unread. When those bytes
 * arrive after the answer (a busy client sends them a little later), Jetty closes the connection
 * without saying so, and the client, which keeps the connection for its next request, fails with
 * "Unable to execute HTTP request: Error writing request body to server".
 */
final class ChunkedUploadDrain extends Handler.Wrapper {
  static final String DECODED_CONTENT_LENGTH = "x-amz-decoded-content-length";

  ChunkedUploadDrain(Handler handler) {
    super(handler);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (!request.getHeaders().contains(DECODED_CONTENT_LENGTH)) {
      return super.handle(request, response, callback);
    }
    return super.handle(request, response, Callback.from(() -> {
      // a refused upload keeps Jetty's answer: its body may be large and is of no use
      if (HttpStatus.isSuccess(response.getStatus())) {
        Content.Source.consumeAll(request, callback);
      } else {
        callback.succeeded();
      }
    }, callback::failed));
  }
}
