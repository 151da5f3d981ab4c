package io.lockfacade.client.cluster;

import io.lockfacade.api.LockGrant;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.FailoverMemoryLockService;
import io.lockfacade.client.transport.MasterUrls;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unlocks a group's leader answered before they were durable, and a kill -9 of that leader right after the answers:
 * every released lock comes free while the owners' session lives on (a release the leader lost is settled by the
 * client with the new leader), and no lock is granted to two owners.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EarlyUnlockFailoverTest {

    private static final Duration LEADER_WAIT = Duration.ofSeconds(60);
    private static final Duration FREE_BOUND = Duration.ofSeconds(30);
    private static final long SESSION_TTL = 30_000;
    private static final int LOCKS = 20;

    @TempDir
    Path dataRoot;

    private GroupProcesses group;
    private Thread keepAlive;
    private final AtomicBoolean running = new AtomicBoolean(true);

    @AfterEach
    void stop() throws InterruptedException {
        running.set(false);
        if (keepAlive != null) {
            keepAlive.join(10_000);
        }
        if (group != null) {
            group.close();
        }
    }

    @Test
    void locksReleasedJustBeforeTheLeaderIsKilledAllComeFreeWhileTheirSessionLives() throws Exception {
        group = GroupProcesses.start(dataRoot, 3);
        int leader = group.awaitLeader(LEADER_WAIT);
        ClientTransportSettings settings = ClientTransportSettings.defaults().withConnectTimeout(Duration.ofSeconds(1));
        FailoverMemoryLockService owners = new FailoverMemoryLockService(MasterUrls.parse(group.masterUrls()),
                settings);
        String session = "early-" + UUID.randomUUID();
        owners.openSession(session, SESSION_TTL);
        keepAlive = keepAlive(owners, session);

        List<LockGrant> grants = new ArrayList<>();
        for (int i = 0; i < LOCKS; i++) {
            grants.add(owners.tryLockInSession("orders", "k" + i, "owner-" + i, session, 0));
            assertNotNull(grants.get(i));
        }
        for (int i = 0; i < LOCKS; i++) {
            assertTrue(owners.unlock("orders", "k" + i, "owner-" + i));
        }
        int keptAtKill = owners.pendingReleases();
        group.member(leader).kill();

        FailoverMemoryLockService others = new FailoverMemoryLockService(MasterUrls.parse(group.masterUrls()),
                settings);
        for (int i = 0; i < LOCKS; i++) {
            String key = "k" + i;
            long after = grants.get(i).getFencingToken();
            LockGrant[] next = new LockGrant[1];
            Await.until(FREE_BOUND, Duration.ofMillis(100), () -> {
                try {
                    next[0] = others.tryLock("orders", key, "other", 30_000, 1_000);
                } catch (RuntimeException duringFailover) {
                    next[0] = null;
                }
                return next[0] != null;
            }, () -> key + " is still held after the failover");
            assertTrue(next[0].getFencingToken() > after, key + ": a new grant, after the released one");
        }
        assertTrue(owners.keepAliveSession(session) >= 0, "the owners' session is still alive");
        System.out.printf("early unlocks: %d of %d releases kept (not yet known durable) when the leader was killed;"
                + " %d settled in the background%n", keptAtKill, LOCKS, owners.releasesSettledInBackground());
    }

    private Thread keepAlive(FailoverMemoryLockService client, String session) {
        Thread thread = new Thread(() -> {
            while (running.get()) {
                try {
                    client.keepAliveSession(session);
                } catch (RuntimeException duringFailover) {
                    // the next one goes to the new leader
                }
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "early-unlock-keep-alive");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
