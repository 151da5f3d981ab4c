package io.lockfacade.bench.ha;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.FailoverMemoryLockService;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The Java client's transport with its default timeouts: for a group, the failover service the comma-separated
 * {@code lockfacade.master-url} builds (it finds the leader, follows "not leader" and skips a silent member by
 * itself); for one endpoint, the single master's proxy. A call the client gives up on
 * ({@code LockServiceUnavailableException}) is repeated until the deadline, as an application would.
 */
final class JavaClientLocks implements LockCalls {

    private final List<String> endpoints;
    private final MemoryLockService service;
    private final FailoverMemoryLockService failover;

    /** @param endpoints every member's Hessian endpoint; @param longestWait the longest wait the caller asks */
    JavaClientLocks(List<String> endpoints, Duration longestWait) {
        this.endpoints = List.copyOf(endpoints);
        ClientTransportSettings defaults = ClientTransportSettings.defaults();
        ClientTransportSettings settings = defaults.readTimeout().compareTo(longestWait.plus(HaLimits.CALL_TIMEOUT)) > 0
                ? defaults : defaults.withReadTimeout(longestWait.plus(HaLimits.CALL_TIMEOUT));
        List<URI> uris = endpoints.stream().map(URI::create).toList();
        if (uris.size() == 1) {
            this.failover = null;
            this.service = MemoryLockServiceProxies.create(uris.get(0), settings);
        } else {
            this.failover = new FailoverMemoryLockService(uris, settings);
            this.service = failover;
        }
    }

    @Override
    public Answered<LockGrant> tryLock(String type, String key, String owner, long leaseMillis, long waitMillis,
                                       long deadlineNanos) throws InterruptedException {
        return call(() -> service.tryLock(type, key, owner, leaseMillis, waitMillis), deadlineNanos);
    }

    @Override
    public Answered<Boolean> unlock(String type, String key, String owner, long deadlineNanos)
            throws InterruptedException {
        return call(() -> service.unlock(type, key, owner), deadlineNanos);
    }

    private <T> Answered<T> call(Supplier<T> operation, long deadlineNanos) throws InterruptedException {
        RuntimeException last = null;
        while (System.nanoTime() < deadlineNanos) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            try {
                T value = operation.get();
                return new Answered<>(value, answeringMember(), System.nanoTime());
            } catch (RuntimeException failure) {
                last = failure;
                Thread.sleep(HaLimits.RETRY_BACKOFF.toMillis());
            }
        }
        throw new IllegalStateException("the client got no answer by the deadline", last);
    }

    /** After a successful call, the member the failover client believes leads is the one that answered. */
    private int answeringMember() {
        if (failover == null) {
            return 0;
        }
        URI leader = failover.currentLeader();
        for (int i = 0; i < endpoints.size(); i++) {
            if (URI.create(endpoints.get(i)).getPort() == leader.getPort()) {
                return i;
            }
        }
        throw new IllegalStateException("the client names a leader outside the group: " + leader);
    }
}
