package io.lockfacade.bench.baseline;

import io.lockfacade.api.LockLimits;
import io.lockfacade.webapp.HttpServerSizing;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.io.IOException;
import java.net.URI;

/**
 * The article's master over HTTP: {@link ArticleMasterService} behind {@link ArticleHessianServlet} on embedded
 * Jetty, sized exactly like Lock Facade's master ({@link HttpServerSizing}: thread pool, connector, idle timeout).
 */
public final class ArticleMasterServer implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";
    private static final int ANY_FREE_PORT = 0;

    private final Server server;
    private final ArticleMasterService service;
    private final URI serviceUri;

    private ArticleMasterServer(Server server, ArticleMasterService service, URI serviceUri) {
        this.server = server;
        this.service = service;
        this.serviceUri = serviceUri;
    }

    /**
     * Starts the article's master on a free loopback port.
     *
     * @throws IOException if Jetty cannot start; nothing is left running then
     */
    public static ArticleMasterServer start() throws IOException {
        ArticleMasterService service = new ArticleMasterService();
        Server server = new Server(HttpServerSizing.threadPool());
        try {
            ServerConnector connector = HttpServerSizing.addConnector(server, LOOPBACK, ANY_FREE_PORT,
                    LockLimits.DEFAULT_WAIT_CAP);
            ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
            context.setContextPath("/");
            context.addServlet(new ServletHolder("article-lock-service", new ArticleHessianServlet(service)),
                    LockLimits.SERVICE_PATH);
            server.setHandler(context);
            server.start();
            URI uri = URI.create("http://" + LOOPBACK + ":" + connector.getLocalPort() + LockLimits.SERVICE_PATH);
            return new ArticleMasterServer(server, service, uri);
        } catch (Exception e) {
            service.close();
            try {
                server.stop();
            } catch (Exception stopFailure) {
                e.addSuppressed(stopFailure);
            }
            throw new IOException("could not start the article's master", e);
        }
    }

    /** @return the Hessian endpoint */
    public URI serviceUri() {
        return serviceUri;
    }

    /** @return the service, for direct calls and statistics */
    public ArticleMasterService service() {
        return service;
    }

    /** Stops Jetty and the expiry thread. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            System.err.println("article master did not stop cleanly: " + e);
        }
        service.close();
    }
}
