package io.lockfacade.bench.node;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.baseline.ArticleMasterServer;
import io.lockfacade.bench.client.Design;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * A master of either design running in this JVM, seen the same way: its endpoint, its service for direct calls
 * (bulk filling bypasses HTTP), and the counters the benchmark reports.
 */
interface HostedMaster extends AutoCloseable {

    /** @return the Hessian endpoint */
    URI serviceUri();

    /** @return the service, called directly in this JVM */
    MemoryLockService service();

    /** @return how many locks the table holds */
    long heldLocks();

    /** @return how many grants the master made since start */
    long grants();

    /** @return each open session's id with the time of its last keep-alive (or opening); empty without sessions */
    Map<String, Long> sessionKeepAlives();

    /** @return how many calls are parked waiting for locks of this type; -1 if the design has no queue */
    int parkedWaiters(String lockType);

    @Override
    void close();

    /**
     * Starts a master of {@code design} on a free loopback port.
     *
     * @throws IOException if it cannot start
     */
    static HostedMaster start(Design design) throws IOException {
        return switch (design) {
            case LOCK_FACADE -> facade(MasterServer.start(MasterOptions.defaults(UUID.randomUUID().toString())
                    .withPort(0)));
            case ARTICLE -> article(ArticleMasterServer.start());
        };
    }

    private static HostedMaster facade(MasterServer server) {
        return new HostedMaster() {
            @Override
            public URI serviceUri() {
                return server.serviceUri();
            }

            @Override
            public MemoryLockService service() {
                return server.service();
            }

            @Override
            public long heldLocks() {
                return server.service().table().size();
            }

            @Override
            public long grants() {
                return server.service().table().grantCount();
            }

            @Override
            public Map<String, Long> sessionKeepAlives() {
                return server.service().sessions().describe().stream()
                        .collect(Collectors.toMap(SessionInfo::id, SessionInfo::lastKeepAliveEpochMillis));
            }

            @Override
            public int parkedWaiters(String lockType) {
                AtomicInteger waiters = new AtomicInteger();
                server.service().table().forEachLock((key, info) -> {
                    if (key.lockType().equals(lockType)) {
                        waiters.addAndGet(info.waiters());
                    }
                });
                return waiters.get();
            }

            @Override
            public void close() {
                server.stop();
            }
        };
    }

    private static HostedMaster article(ArticleMasterServer server) {
        return new HostedMaster() {
            @Override
            public URI serviceUri() {
                return server.serviceUri();
            }

            @Override
            public MemoryLockService service() {
                return server.service();
            }

            @Override
            public long heldLocks() {
                return server.service().table().size();
            }

            @Override
            public long grants() {
                return server.service().table().grantCount();
            }

            @Override
            public Map<String, Long> sessionKeepAlives() {
                return Map.of();
            }

            @Override
            public int parkedWaiters(String lockType) {
                return -1;
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }
}
