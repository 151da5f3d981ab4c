package io.lockfacade.client.transport;

import com.caucho.hessian.client.HessianConnection;
import com.caucho.hessian.client.HessianConnectionFactory;
import com.caucho.hessian.client.HessianProxyFactory;
import io.lockfacade.api.LockLimits;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.util.Objects;

/**
 * Opens Hessian connections on {@link HttpClient} instead of {@code HttpURLConnection}, whose keep-alive pool
 * keeps only 5 idle connections per host: with more busy threads than that, calls kept opening new TCP
 * connections. HttpClient pools every idle HTTP/1.1 connection.
 *
 * <p>Every call is bounded: connecting by the connect timeout, the whole exchange (request, wait, reply) by
 * the read timeout. Each request carries the shared secret when one is configured.
 */
public final class HttpClientConnectionFactory implements HessianConnectionFactory {

    private final HttpClient client;
    private final ClientTransportSettings settings;

    /**
     * @param settings timeouts and secret for every connection
     */
    public HttpClientConnectionFactory(ClientTransportSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Ignored: the timeouts come from the {@link ClientTransportSettings}, not from the proxy factory. */
    @Override
    public void setHessianProxyFactory(HessianProxyFactory factory) {
        // nothing to take from the proxy factory
    }

    /**
     * Prepares a call to {@code url}; nothing is sent before {@link HessianConnection#sendRequest()}.
     *
     * @throws IOException if the URL is not a valid URI
     */
    @Override
    public HessianConnection open(URL url) throws IOException {
        HttpClientConnection connection;
        try {
            connection = new HttpClientConnection(client, url.toURI(), settings.readTimeout());
        } catch (URISyntaxException e) {
            throw new IOException("master URL is not a valid URI: " + url, e);
        }
        if (settings.secret() != null) {
            connection.addHeader(LockLimits.SECRET_HEADER, settings.secret());
        }
        return connection;
    }
}
