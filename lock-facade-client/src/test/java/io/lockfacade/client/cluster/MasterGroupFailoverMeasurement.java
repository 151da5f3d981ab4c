package io.lockfacade.client.cluster;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Measures failover of a 3-member group (not part of the regular build: run with {@code -Dgroup.measure=N}):
 * N times, SIGKILL (then SIGSTOP) the leader while one client thread locks and unlocks, and print the time from
 * the fault to the first grant by the new leader. The killed or frozen member is restarted between trials.
 */
@EnabledIfSystemProperty(named = "group.measure", matches = "\\d+")
class MasterGroupFailoverMeasurement {

    private static final Duration LEADER_WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dataRoot;

    @Test
    void failoverTimes() throws Exception {
        int trials = Integer.getInteger("group.measure");
        try (GroupProcesses group = GroupProcesses.start(dataRoot, 3)) {
            MemoryLockService client = MemoryLockServiceProxies.create(group.masterUrls(),
                    ClientTransportSettings.defaults().withConnectTimeout(Duration.ofSeconds(1)));
            for (String fault : List.of("SIGKILL", "SIGSTOP")) {
                List<Long> millis = new ArrayList<>();
                for (int trial = 0; trial < trials; trial++) {
                    int leader = group.awaitLeader(LEADER_WAIT);
                    AtomicLong lastGrant = new AtomicLong();
                    AtomicBoolean running = new AtomicBoolean(true);
                    Thread load = new Thread(() -> {
                        while (running.get()) {
                            try {
                                LockGrant grant = client.tryLock("measure", "k", "o", 30_000, 0);
                                if (grant != null) {
                                    lastGrant.set(System.nanoTime());
                                    client.unlock("measure", "k", "o");
                                }
                            } catch (RuntimeException retry) {
                                // counted by the clock: no grant meanwhile
                            }
                        }
                    }, "measure-load");
                    load.start();
                    Thread.sleep(1_000);
                    long faultAt = System.nanoTime();
                    if (fault.equals("SIGKILL")) {
                        group.member(leader).kill();
                    } else {
                        group.member(leader).freeze();
                    }
                    long deadline = faultAt + TimeUnit.SECONDS.toNanos(30);
                    while (lastGrant.get() <= faultAt && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                    running.set(false);
                    load.join(30_000);
                    assertTrue(lastGrant.get() > faultAt, "no grant within 30 s of " + fault);
                    long took = TimeUnit.NANOSECONDS.toMillis(lastGrant.get() - faultAt);
                    millis.add(took);
                    System.out.printf("master group failover: %s of leader n%d -> first grant after %d ms%n",
                            fault, leader + 1, took);
                    group.member(leader).close();
                    group.restart(leader);
                }
                Collections.sort(millis);
                System.out.printf("master group failover: %s min %d / median %d / max %d ms over %d trials%n",
                        fault, millis.get(0), millis.get(millis.size() / 2), millis.get(millis.size() - 1), trials);
            }
        }
    }
}
