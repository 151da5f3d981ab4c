package io.lockfacade.webapp;

import io.lockfacade.server.transport.ClientPresence;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee11.servlet.ServletContextRequest;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.util.BufferUtil;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Finds out, on Jetty's HTTP/1.1 connections, whether the client of a parked call has closed its connection.
 *
 * <p>While a request is handled Jetty does not read its HTTP/1.1 connection, so a client's close goes unseen
 * (Jetty issue 824) and writing the reply succeeds into the socket buffer. Just before a grant is delivered this
 * check reads the connection once, without blocking: end of stream or a reset means the client is gone. A
 * well-behaved client sends nothing while it awaits the reply; should bytes arrive (a pipelined request), they
 * have been consumed by the check, so the reply asks to close the connection afterwards. Other protocols
 * (HTTP/2 multiplexes one connection) are never read and count as present.
 *
 * <p>A client that shuts down its sending side after the request (a half-close; Hessian's and the JDK's HTTP
 * clients never do) is taken as gone too: it loses the grant rather than holding a lock the master might think
 * free. Erring that way keeps the lock safe; the client sees no reply and calls again.
 */
public final class JettyClientPresence implements ClientPresence {

    private static final int PROBE_BYTES = 1;

    @Override
    public boolean hasLeft(HttpServletRequest request, HttpServletResponse response) {
        ServletContextRequest jettyRequest = ServletContextRequest.getServletContextRequest(request);
        if (jettyRequest == null) {
            return false;
        }
        ConnectionMetaData connection = jettyRequest.getConnectionMetaData();
        HttpVersion version = connection.getHttpVersion();
        if (version != HttpVersion.HTTP_1_1 && version != HttpVersion.HTTP_1_0) {
            return false;
        }
        EndPoint endPoint = connection.getConnection().getEndPoint();
        if (!endPoint.isOpen() || endPoint.isInputShutdown()) {
            return true;
        }
        try {
            ByteBuffer probe = BufferUtil.allocate(PROBE_BYTES);
            int read = endPoint.fill(probe);
            if (read > 0) {
                response.setHeader(HttpHeader.CONNECTION.asString(), HttpHeaderValue.CLOSE.asString());
            }
            return read < 0;
        } catch (IOException reset) {
            return true;
        }
    }
}
