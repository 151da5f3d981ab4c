package io.lockfacade.client.transport;

import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.impl.io.HttpRequestExecutor;
import org.apache.hc.core5.http.io.HttpClientConnection;
import org.apache.hc.core5.http.io.HttpResponseInformationCallback;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.util.Optional;

/**
 * Sends a request on a connection that is open (connected, its TLS handshake done) and waits for the reply no
 * longer than the current attempt has left ({@link AttemptTimeout}). The reply's timeout set when the call was
 * prepared counts from the request, so without this the time spent opening a new connection (a TLS handshake
 * through a slow network takes several round trips) would come on top of the caller's deadline.
 */
final class AttemptBoundRequestExecutor extends HttpRequestExecutor {

    @Override
    public ClassicHttpResponse execute(ClassicHttpRequest request, HttpClientConnection connection,
                                       HttpResponseInformationCallback informationCallback, HttpContext context)
            throws IOException, HttpException {
        Optional<Long> left = AttemptTimeout.remainingMillis();
        if (left.isPresent()) {
            Timeout current = connection.getSocketTimeout();
            if (current == null || current.isDisabled() || current.toMilliseconds() > left.get()) {
                connection.setSocketTimeout(Timeout.ofMilliseconds(left.get()));
            }
        }
        return super.execute(request, connection, informationCallback, context);
    }
}
