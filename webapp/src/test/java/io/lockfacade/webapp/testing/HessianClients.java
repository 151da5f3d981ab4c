package io.lockfacade.webapp.testing;

import com.caucho.hessian.client.HessianConnection;
import com.caucho.hessian.client.HessianProxyFactory;
import com.caucho.hessian.client.HessianURLConnectionFactory;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.wire.AllowListSerializerFactory;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.time.Duration;

/** Caucho Hessian proxies on a master, configured as a careful client would: Hessian 2, timeouts, allow-list. */
public final class HessianClients {

    /** Connect timeout of test proxies. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    /** Read timeout of test proxies: above the default wait cap of 10 s. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private HessianClients() {
    }

    /** @return a proxy without a secret */
    public static MemoryLockService proxy(URI serviceUri) {
        return proxy(serviceUri, null);
    }

    /**
     * @param secret the value of the secret header, or {@code null} to send none
     * @return a proxy on the service
     */
    public static MemoryLockService proxy(URI serviceUri, String secret) {
        return proxy(MemoryLockService.class, serviceUri, secret);
    }

    /** @return a proxy without a secret on the read-write locks, semaphores and leaderships of the same endpoint */
    public static PrimitiveLockService primitives(URI serviceUri) {
        return proxy(PrimitiveLockService.class, serviceUri, null);
    }

    private static <T> T proxy(Class<T> api, URI serviceUri, String secret) {
        HessianProxyFactory factory = new HessianProxyFactory();
        factory.setHessian2Request(true);
        factory.setHessian2Reply(true);
        factory.setConnectTimeout(CONNECT_TIMEOUT.toMillis());
        factory.setReadTimeout(READ_TIMEOUT.toMillis());
        factory.setSerializerFactory(AllowListSerializerFactory.forClient());
        if (secret != null) {
            HessianURLConnectionFactory connections = new HessianURLConnectionFactory() {
                @Override
                public HessianConnection open(URL url) throws IOException {
                    HessianConnection connection = super.open(url);
                    connection.addHeader(LockLimits.SECRET_HEADER, secret);
                    return connection;
                }
            };
            connections.setHessianProxyFactory(factory);
            factory.setConnectionFactory(connections);
        }
        try {
            return api.cast(factory.create(api, serviceUri.toURL().toString(), HessianClients.class.getClassLoader()));
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
