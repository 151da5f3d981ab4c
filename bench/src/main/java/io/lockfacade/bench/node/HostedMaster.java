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
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * A master of either design running in this JVM, seen the same way: its endpoint, its service for direct calls
 * (bulk filling bypasses HTTP), and the counters the benchmark reports.
 *
 * @param serviceUri        the Hessian endpoint
 * @param service           the service, called directly in this JVM
 * @param heldLockCount     how many locks the table holds
 * @param grantCount        how many grants the master made since start
 * @param keepAlives        each open session's id with the time of its last keep-alive (or opening); empty without
 *                          sessions
 * @param parkedWaiterCount by lock type, how many calls are parked waiting for its locks; -1 if the design has no
 *                          queue
 * @param stop              stops the master
 */
record HostedMaster(URI serviceUri, MemoryLockService service, LongSupplier heldLockCount, LongSupplier grantCount,
                    Supplier<Map<String, Long>> keepAlives, ToIntFunction<String> parkedWaiterCount,
                    Runnable stop) implements AutoCloseable {

    /** @return how many locks the table holds */
    long heldLocks() {
        return heldLockCount.getAsLong();
    }

    /** @return how many grants the master made since start */
    long grants() {
        return grantCount.getAsLong();
    }

    /** @return each open session's id with the time of its last keep-alive (or opening); empty without sessions */
    Map<String, Long> sessionKeepAlives() {
        return keepAlives.get();
    }

    /** @return how many calls are parked waiting for locks of this type; -1 if the design has no queue */
    int parkedWaiters(String lockType) {
        return parkedWaiterCount.applyAsInt(lockType);
    }

    @Override
    public void close() {
        stop.run();
    }

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
        return new HostedMaster(server.serviceUri(), server.service(), () -> server.service().table().size(),
                () -> server.service().table().grantCount(),
                () -> server.service().sessions().describe().stream()
                        .collect(Collectors.toMap(SessionInfo::id, SessionInfo::lastKeepAliveEpochMillis)),
                lockType -> parkedWaiters(server, lockType), server::stop);
    }

    private static int parkedWaiters(MasterServer server, String lockType) {
        AtomicInteger waiters = new AtomicInteger();
        server.service().table().forEachLock((key, info) -> {
            if (key.lockType().equals(lockType)) {
                waiters.addAndGet(info.waiters());
            }
        });
        return waiters.get();
    }

    private static HostedMaster article(ArticleMasterServer server) {
        return new HostedMaster(server.serviceUri(), server.service(), () -> server.service().table().size(),
                () -> server.service().table().grantCount(), Map::of, lockType -> -1, server::close);
    }
}
