package io.lockfacade.client;

import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link LockFacade#leadership}, whatever is behind it: {@code MemoryLock} and {@code DistributeLock}
 * on a real master over HTTP extend this class.
 */
public abstract class LeadershipContractTest {

    private static final String NAME = "nightly-report";
    private static final long EVENT_WAIT_SECONDS = 10;

    private final List<Leadership> joined = new ArrayList<>();
    private LockFacade first;
    private LockFacade second;

    /** @return a fresh lock facade (a node), closed by {@link #closeLocks()}; called twice per test */
    protected abstract LockFacade newLocks() throws Exception;

    /** Releases whatever {@link #newLocks()} started. */
    protected abstract void closeLocks() throws Exception;

    @BeforeEach
    void createLocks() throws Exception {
        first = newLocks();
        second = newLocks();
    }

    @AfterEach
    void leaveAndClose() throws Exception {
        joined.forEach(Leadership::close);
        closeLocks();
    }

    @Test
    void exactlyOneLeadsAndLeavingHandsOverUnderALargerEpoch() throws Exception {
        Events a = new Events();
        Leadership leaderA = join(first, a);
        long epochA = a.nextElected();
        assertTrue(leaderA.isLeader());
        assertEquals(epochA, leaderA.epoch());

        Events b = new Events();
        Leadership leaderB = join(second, b);
        Thread.sleep(300);
        assertFalse(leaderB.isLeader(), "one leader at a time");
        assertEquals(-1, leaderB.epoch());
        assertTrue(b.events.isEmpty(), "the second participant heard nothing yet: " + b.events);

        leaderA.close();
        assertFalse(leaderA.isLeader());
        assertEquals(-1, leaderA.epoch());
        assertEquals("revoked", a.next());
        long epochB = b.nextElected();
        assertTrue(epochB > epochA, "epochs strictly increase: " + epochA + " then " + epochB);
        assertTrue(leaderB.isLeader());
        leaderA.close(); // again: nothing
        assertTrue(leaderB.isLeader());
    }

    @Test
    void listenersAreToldOnAThreadOfTheirOwnAndMayCallBack() throws Exception {
        BlockingQueue<String> threads = new LinkedBlockingQueue<>();
        Leadership[] self = new Leadership[1];
        self[0] = join(first, new LeadershipListener() {
            @Override
            public void elected(long epoch) {
                threads.add(Thread.currentThread().getName());
                Await.until("the leadership to be known", () -> self[0] != null);
                self[0].close(); // calling back from the listener does not deadlock
            }

            @Override
            public void revoked() {
                threads.add(Thread.currentThread().getName());
            }
        });
        String electedOn = threads.poll(EVENT_WAIT_SECONDS, TimeUnit.SECONDS);
        String revokedOn = threads.poll(EVENT_WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(revokedOn, "revoked() was called after the listener left");
        assertTrue(electedOn.startsWith("lock-facade-leadership-"), electedOn);
        assertEquals(electedOn, revokedOn, "one thread per participant, in order");
        assertFalse(self[0].isLeader());
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> first.leadership("", new Events()));
        assertThrows(NullPointerException.class, () -> first.leadership(NAME, null));
    }

    private Leadership join(LockFacade node, LeadershipListener listener) {
        Leadership leadership = node.leadership(NAME, listener);
        joined.add(leadership);
        return leadership;
    }

    /** Records what a participant hears, in order. */
    protected static final class Events implements LeadershipListener {

        final BlockingQueue<String> events = new LinkedBlockingQueue<>();

        @Override
        public void elected(long epoch) {
            events.add("elected " + epoch);
        }

        @Override
        public void revoked() {
            events.add("revoked");
        }

        String next() throws InterruptedException {
            String event = events.poll(EVENT_WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(event, "an event within " + EVENT_WAIT_SECONDS + " s");
            return event;
        }

        long nextElected() throws InterruptedException {
            String event = next();
            assertTrue(event.startsWith("elected "), event);
            return Long.parseLong(event.substring("elected ".length()));
        }
    }
}
