package io.lockfacade.bench.client;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.CountingMemoryLockService;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;

/**
 * One benchmark client: a design's {@link LockFacade} on its own Hessian transport, with a counter of its remote
 * calls and direct access to the transport for no-op calls (the transport floor).
 *
 * @param facade  the lock client being measured
 * @param counter counts the remote calls {@code facade} makes
 * @param remote  the same transport without counting, for floor measurements
 */
public record LockClient(LockFacade facade, CountingMemoryLockService counter, MemoryLockService remote)
        implements AutoCloseable {

    /**
     * Connects a client of {@code design} to the master at {@code serviceUri}.
     *
     * @param readTimeout the transport's read timeout; must exceed the master's wait cap for waiting calls
     */
    public static LockClient connect(Design design, URI serviceUri, String nodeId, Duration readTimeout) {
        return connect(design, serviceUri, nodeId, readTimeout, ClientVariant.AS_SHIPPED);
    }

    /** Connects a client of {@code design} in {@code variant} (Lock Facade only; the article is as shipped). */
    public static LockClient connect(Design design, URI serviceUri, String nodeId, Duration readTimeout,
                                     ClientVariant variant) {
        MemoryLockService remote = MemoryLockServiceProxies.create(serviceUri,
                ClientTransportSettings.defaults().withReadTimeout(readTimeout));
        CountingMemoryLockService counter = new CountingMemoryLockService(remote);
        return new LockClient(design.newFacade(counter, nodeId, variant), counter, remote);
    }

    /** Connects with the transport's default timeouts. */
    public static LockClient connect(Design design, URI serviceUri, String nodeId) {
        return connect(design, serviceUri, nodeId, ClientTransportSettings.DEFAULT_READ_TIMEOUT);
    }

    /** Closes the facade: stops renewals and releases grants cached for a hand-off. */
    @Override
    public void close() {
        if (facade instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not close " + facade, e);
            }
        }
    }
}
