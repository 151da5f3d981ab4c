package io.lockfacade.client.cluster;

import io.lockfacade.api.LockGrant;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node holding many locks under one session, in its own JVM against a real master: kept alive, it loses none
 * of them past many TTLs; frozen (SIGSTOP) past its TTL, its session ends and another node gets every lock; woken
 * up, it learns that it lost all of them.
 */
class SessionFreezeTest {

    private static final String TYPE = "freeze";
    private static final int LOCKS = 2_000;
    private static final Duration TTL = Duration.ofMillis(1_500);
    private static final Duration REAPER_ROUND = Duration.ofSeconds(1);

    private MasterServer master;
    private ChildJvm node;

    @BeforeEach
    void startMaster() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("session-freeze").withPort(0));
    }

    @AfterEach
    void stopEverything() throws Exception {
        if (node != null) {
            node.close();
        }
        master.stop();
    }

    @Test
    void aFrozenNodeLosesEveryLockAtOnceAndAnotherNodeGetsThemAll() throws Exception {
        node = NodeJvms.start("many", ManyLocksNode.class, master.serviceUri().toString(), TYPE,
                Integer.toString(LOCKS), Long.toString(TTL.toMillis()));
        String[] held = node.awaitLine(line -> line.startsWith("HELD"), Duration.ofSeconds(60)).split(" ");
        assertEquals(LOCKS, Integer.parseInt(held[1]));
        long largestToken = Long.parseLong(held[2]);

        Thread.sleep(TTL.multipliedBy(3).toMillis()); // one keep-alive per TTL/3 keeps them all
        assertEquals(LOCKS, master.service().table().size(), "locks kept alive by the session");
        assertFalse(String.join("\n", node.lines()).contains("LOST"), node.tail());
        assertEquals(1, master.service().sessions().sessions().size());

        node.freeze();
        long frozenAt = System.nanoTime();
        LockGrant first = master.service().tryLock(TYPE, "k0", "survivor", 0,
                TTL.plus(REAPER_ROUND).plusSeconds(2).toMillis());
        Duration freed = Duration.ofNanos(System.nanoTime() - frozenAt);
        assertNotNull(first, "the frozen node's session did not end");
        assertTrue(freed.compareTo(TTL.plus(REAPER_ROUND).plusSeconds(1)) <= 0, "freed after " + freed);
        for (int i = 1; i < LOCKS; i++) {
            LockGrant grant = master.service().tryLock(TYPE, "k" + i, "survivor", 0, 0);
            assertNotNull(grant, "k" + i + " still held after the session ended");
            assertTrue(grant.getFencingToken() > largestToken);
        }
        assertTrue(master.service().sessions().sessions().isEmpty());

        node.thaw();
        node.awaitLine(line -> line.startsWith("LOST " + LOCKS), Duration.ofSeconds(10));
    }
}
