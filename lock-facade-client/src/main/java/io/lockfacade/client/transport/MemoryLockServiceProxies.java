package io.lockfacade.client.transport;

import com.caucho.hessian.client.HessianProxyFactory;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.wire.AllowListSerializerFactory;

import java.net.MalformedURLException;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * Builds the client side of the Hessian contract without Spring: a proxy speaking Hessian 2 over a pool of
 * blocking HTTP connections ({@link PooledHttpConnectionFactory}), decoding replies through the client allow-list, wrapped in a
 * {@link RemoteMemoryLockService} so that transport failures surface as
 * {@link io.lockfacade.api.LockServiceUnavailableException}.
 */
public final class MemoryLockServiceProxies {

    private static final String ROOT_PATH = "/";

    private MemoryLockServiceProxies() {
    }

    /**
     * Creates a proxy for the master at {@code masterUrl}. Nothing is sent until the first call.
     *
     * @param masterUrl the endpoint, e.g. {@code http://master:8080/remoting/MemoryLockService}; a URL without a
     *                  path gets {@value LockLimits#SERVICE_PATH}
     * @param settings  timeouts and secret
     * @return the proxy; every call completes or fails within the connect plus read timeout
     * @throws IllegalArgumentException if the URL is not an absolute http or https URL
     */
    public static RemoteMemoryLockService create(URI masterUrl, ClientTransportSettings settings) {
        Objects.requireNonNull(settings, "settings");
        return create(masterUrl, settings, new PooledHttpConnectionFactory(settings));
    }

    /**
     * Creates a proxy for the master at {@code masterUrl} over connections the caller owns and closes when done
     * (a Spring context closes them on shutdown). Nothing is sent until the first call.
     *
     * @param masterUrl   the endpoint; see {@link #create(URI, ClientTransportSettings)}
     * @param settings    timeouts (the secret is the connection factory's)
     * @param connections the pool of HTTP connections to the master, made with the same settings
     * @return the proxy; every call completes or fails within the connect plus read timeout
     * @throws IllegalArgumentException if the URL is not an absolute http or https URL
     */
    public static RemoteMemoryLockService create(URI masterUrl, ClientTransportSettings settings,
                                                 PooledHttpConnectionFactory connections) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(connections, "connections");
        URI endpoint = endpoint(masterUrl);
        return new RemoteMemoryLockService(proxy(MemoryLockService.class, endpoint, settings, connections),
                endpoint.toString()).withPrimitives(createPrimitives(endpoint, settings, connections));
    }

    /**
     * Creates the client of the read-write locks, semaphores and leaderships of the single master at
     * {@code masterUrl}, over connections the caller owns (the same pool as its locks' client may serve both).
     * Nothing is sent until the first call; a master older than these calls answers them with
     * {@link io.lockfacade.api.CallNotServedException} ({@code master too old}).
     *
     * @param masterUrl   the endpoint; see {@link #create(URI, ClientTransportSettings)}
     * @param settings    timeouts (the secret is the connection factory's)
     * @param connections the pool of HTTP connections to the master, made with the same settings
     * @throws IllegalArgumentException if the URL is not an absolute http or https URL
     */
    public static RemotePrimitiveService createPrimitives(URI masterUrl, ClientTransportSettings settings,
                                                          PooledHttpConnectionFactory connections) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(connections, "connections");
        URI endpoint = endpoint(masterUrl);
        return new RemotePrimitiveService(proxy(PrimitiveLockService.class, endpoint, settings, connections),
                endpoint.toString());
    }

    private static <T> T proxy(Class<T> api, URI endpoint, ClientTransportSettings settings,
                               PooledHttpConnectionFactory connections) {
        HessianProxyFactory factory = new HessianProxyFactory(api.getClassLoader());
        factory.setHessian2Request(true);
        factory.setHessian2Reply(true);
        factory.setOverloadEnabled(false);
        factory.setConnectTimeout(settings.connectTimeout().toMillis());
        factory.setReadTimeout(settings.readTimeout().toMillis());
        factory.setSerializerFactory(AllowListSerializerFactory.forClient());
        factory.setConnectionFactory(connections);
        try {
            return api.cast(factory.create(api, endpoint.toURL(), api.getClassLoader()));
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("master URL is not a valid URL: " + endpoint, e);
        }
    }

    /**
     * Creates the client of one master or of a master group. Nothing is sent until the first call.
     *
     * @param masterUrls one endpoint (the single master: exactly {@link #create(URI, ClientTransportSettings)}), or
     *                   a comma-separated list of a group's members, which fails over between them
     *                   ({@link FailoverMemoryLockService}, its primitives {@link FailoverPrimitiveService})
     * @param settings   timeouts and secret
     * @return the service; transport failures surface as {@link io.lockfacade.api.LockServiceUnavailableException}
     * @throws IllegalArgumentException if an entry is not an absolute http or https URL
     */
    public static RemoteMemoryLockService create(String masterUrls, ClientTransportSettings settings) {
        List<URI> endpoints = MasterUrls.parse(masterUrls);
        if (endpoints.size() == 1) {
            return create(endpoints.get(0), settings);
        }
        return group(endpoints, settings);
    }

    /**
     * Like {@link #create(String, ClientTransportSettings)}, a single master being called over connections the
     * caller owns and closes when done (a Spring context closes them on shutdown). A group's members are called
     * over connections of their own, one pool a member, as {@link FailoverMemoryLockService} needs.
     *
     * @param masterUrls  one endpoint, or a comma-separated list of a group's members
     * @param settings    timeouts and secret
     * @param connections the pool of HTTP connections to a single master, made with the same settings
     * @return the service; transport failures surface as {@link io.lockfacade.api.LockServiceUnavailableException}
     * @throws IllegalArgumentException if an entry is not an absolute http or https URL
     */
    public static RemoteMemoryLockService create(String masterUrls, ClientTransportSettings settings,
                                                 PooledHttpConnectionFactory connections) {
        List<URI> endpoints = MasterUrls.parse(masterUrls);
        if (endpoints.size() == 1) {
            return create(endpoints.get(0), settings, connections);
        }
        return group(endpoints, settings);
    }

    private static RemoteMemoryLockService group(List<URI> endpoints, ClientTransportSettings settings) {
        FailoverMemoryLockService failover = new FailoverMemoryLockService(endpoints, settings);
        return new RemoteMemoryLockService(failover, MasterUrls.format(endpoints))
                .withPrimitives(failover.primitives());
    }

    /**
     * @return {@code masterUrl}, with {@value LockLimits#SERVICE_PATH} as path if it has none
     * @throws IllegalArgumentException if the URL is not an absolute http or https URL
     */
    static URI endpoint(URI masterUrl) {
        Objects.requireNonNull(masterUrl, "masterUrl");
        String scheme = masterUrl.getScheme();
        if (!("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme)) || masterUrl.getHost() == null) {
            throw new IllegalArgumentException("master URL must be an absolute http or https URL, was " + masterUrl);
        }
        String path = masterUrl.getRawPath();
        if (path == null || path.isEmpty() || ROOT_PATH.equals(path)) {
            return masterUrl.resolve(LockLimits.SERVICE_PATH);
        }
        return masterUrl;
    }
}
