package io.lockfacade.bench.client;

import com.caucho.hessian.client.HessianProxyFactory;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;

import java.net.MalformedURLException;
import java.net.URI;

/**
 * The transport floor as code the product does not write: Caucho's own {@link HessianProxyFactory} (on
 * {@code HttpURLConnection}), pointed at the article's master, which is Caucho's {@code HessianSkeleton} served by
 * Jetty with the product master's sizing. A no-op call through it is what a plain Hessian call costs on this
 * machine, so the product's own transport and master overhead shows against it instead of hiding in it.
 */
public final class CauchoFloor {

    private CauchoFloor() {
    }

    /**
     * @param skeletonUri the endpoint of a plain Hessian skeleton serving {@link MemoryLockService}
     * @return Caucho's proxy for it, with the product's default timeouts
     */
    public static MemoryLockService connect(URI skeletonUri) {
        HessianProxyFactory factory = new HessianProxyFactory(MemoryLockService.class.getClassLoader());
        factory.setHessian2Request(true);
        factory.setHessian2Reply(true);
        factory.setOverloadEnabled(false);
        factory.setConnectTimeout(ClientTransportSettings.DEFAULT_CONNECT_TIMEOUT.toMillis());
        factory.setReadTimeout(ClientTransportSettings.DEFAULT_READ_TIMEOUT.toMillis());
        try {
            return (MemoryLockService) factory.create(MemoryLockService.class, skeletonUri.toURL(),
                    MemoryLockService.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not a URL: " + skeletonUri, e);
        }
    }
}
