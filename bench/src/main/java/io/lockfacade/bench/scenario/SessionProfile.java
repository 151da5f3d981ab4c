package io.lockfacade.bench.scenario;

import io.lockfacade.client.distributed.DistributeLockSettings;

import java.time.Duration;

/**
 * How long and how big the session scenarios run (S7, S8).
 *
 * @param heldLocks       S7: locks one node takes and holds under its one session
 * @param holderThreads   S7: threads of that node taking them (each keeps its own share)
 * @param hold            S7: how long the node holds them after taking them all
 * @param settle          S7: pause after the master starts, and after the fill, before CPU is measured
 * @param idleWindow      S7: the master's CPU is measured this long with nothing to do, as the reference
 * @param ttl             S7: the node's session TTL (one keep-alive per TTL/3)
 * @param expiringLocks   S8: locks held under a session that is then left to expire
 * @param expiringTtl     S8: that session's TTL; the probe runs at rest until shortly before it runs out
 * @param expiryWatch     S8: how long after the TTL's end the probe goes on
 * @param masterHeap      S7: the master's {@code -Xmx}
 * @param nodeHeap        S7: the holding node's {@code -Xmx}
 */
public record SessionProfile(int heldLocks, int holderThreads, Duration hold, Duration settle, Duration idleWindow,
                             Duration ttl, int expiringLocks, Duration expiringTtl, Duration expiryWatch,
                             String masterHeap, String nodeHeap) {

    /** @return the published run: a million locks held for ten minutes with the client's default TTL */
    public static SessionProfile full() {
        return new SessionProfile(1_000_000, 8, Duration.ofMinutes(10), Duration.ofSeconds(5),
                Duration.ofSeconds(60), Duration.ofSeconds(30), 100_000, Duration.ofSeconds(10),
                Duration.ofSeconds(2), "2g", "3g");
    }

    /** @return a few seconds of each, on a smaller table, with a short TTL so that keep-alives happen */
    public static SessionProfile quick() {
        return new SessionProfile(5_000, 4, Duration.ofSeconds(4), Duration.ofMillis(500), Duration.ofSeconds(1),
                Duration.ofMillis(1500), 5_000, Duration.ofSeconds(3), Duration.ofSeconds(1), "512m", "512m");
    }

    /** @return this profile holding the locks for {@code newHold} instead */
    public SessionProfile withHold(Duration newHold) {
        return new SessionProfile(heldLocks, holderThreads, newHold, settle, idleWindow, ttl, expiringLocks,
                expiringTtl, expiryWatch, masterHeap, nodeHeap);
    }

    /** @return the time between two keep-alives of the node: a third of its TTL */
    public Duration keepAliveInterval() {
        return ttl.dividedBy(DistributeLockSettings.RENEWALS_PER_LEASE);
    }
}
