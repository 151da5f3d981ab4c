package io.lockfacade.client.distributed;

import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.client.testing.FaultInjectingMaster.Failure;
import io.lockfacade.client.testing.FaultInjectingMaster.Operation;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node's session on a hand-set clock: each keep-alive is run by the test ({@link NodeSession#keepAliveOnce})
 * against the in-memory master, and the TTL is measured on the client's (hand-set) clock. The master's own
 * session TTL is an hour of real time, so only the client's clock decides.
 */
class NodeSessionTest {

    private static final String TYPE = "orders";
    private static final String OWNER = "node-a:main#1";
    private static final Duration TTL = Duration.ofHours(1);
    private static final long TTL_NANOS = TTL.toNanos();
    private static final long INTERVAL_NANOS = TTL_NANOS / DistributeLockSettings.RENEWALS_PER_LEASE;

    private final AtomicLong clock = new AtomicLong(42);
    private final FaultInjectingMaster master = new FaultInjectingMaster();
    private final RemoteGrants grants = new RemoteGrants(RemoteMemoryLockService.of(master), Duration.ofSeconds(1));
    /** The keep-alive thread's own schedule (a third of an hour) never comes during a test. */
    private final NodeSession session = new NodeSession(grants, "node-a", TTL, TTL.dividedBy(3), clock::get);

    @AfterEach
    void closeSession() {
        session.close();
        master.close();
    }

    @Test
    void keepAlivesFailingUntilTheTtlRunsOutLoseEveryHoldOfTheSessionAtOnce() throws Exception {
        RemoteHold first = take("1");
        RemoteHold second = take("2");
        master.fail(Operation.KEEP_ALIVE_SESSION, Failure.BEFORE_CALL);

        for (int i = 0; i < DistributeLockSettings.RENEWALS_PER_LEASE; i++) {
            clock.addAndGet(INTERVAL_NANOS);
            session.keepAliveOnce();
        }
        assertFalse(first.isLost() || second.isLost(), "lost before the TTL ran out");
        clock.addAndGet(TTL_NANOS - DistributeLockSettings.RENEWALS_PER_LEASE * INTERVAL_NANOS + 1);
        session.keepAliveOnce();

        assertTrue(first.isLost() && second.isLost());
        assertTrue(first.lossReason().contains("ran out without a confirmed keep-alive"), first.lossReason());
        assertEquals(DistributeLockSettings.RENEWALS_PER_LEASE, master.calls(Operation.KEEP_ALIVE_SESSION),
                "no keep-alive is sent for a session already lost");
    }

    @Test
    void theNextAcquisitionAfterALostSessionOpensANewOne() throws Exception {
        SessionLease lost = take("1").session();
        clock.addAndGet(TTL_NANOS + 1);

        SessionLease next = take("2").session();

        assertNotSame(lost, next);
        assertTrue(lost.isLost());
        assertFalse(next.isLost());
        assertEquals(2, master.sessionIds().size());
    }

    @Test
    void aConfirmedKeepAliveKeepsTheHoldsForAnotherTtlFromItsStart() throws Exception {
        RemoteHold hold = take("1");
        clock.addAndGet(TTL_NANOS - 1);
        session.keepAliveOnce();

        clock.addAndGet(TTL_NANOS);

        assertFalse(hold.isLost());
        clock.incrementAndGet();
        assertTrue(hold.isLost());
    }

    @Test
    void theMasterEndingTheSessionLosesEveryHoldAtTheNextKeepAliveWhateverTheClock() throws Exception {
        RemoteHold hold = take("1");
        master.expireSession(hold.session().id());

        session.keepAliveOnce();

        assertTrue(hold.isLost());
        assertTrue(hold.lossReason().contains("the master ended it"), hold.lossReason());
    }

    @Test
    void aForceRemovedLockIsFoundByTheKeepAliveAndOnlyItsHoldIsLost() throws Exception {
        RemoteHold removed = take("1");
        RemoteHold kept = take("2");
        master.forceRemove(TYPE, "1");

        session.keepAliveOnce();

        assertTrue(removed.isLost());
        assertFalse(kept.isLost());
        assertSame(removed.session(), session.current(), "the session itself lives on");
    }

    @Test
    void aHoldCheckThatCannotReachTheMasterDoesNotStopTheKeepAlives() throws Exception {
        RemoteHold hold = take("1");
        master.forceRemove(TYPE, "1");
        master.fail(Operation.RENEW, Failure.BEFORE_CALL);

        session.keepAliveOnce(); // on the keep-alive thread, an exception would cancel every later keep-alive

        assertFalse(hold.isLost(), "not known yet");
        clock.addAndGet(TTL_NANOS);
        session.keepAliveOnce();
        clock.addAndGet(TTL_NANOS);
        assertFalse(hold.session().isLost(), "the session was kept alive");
    }

    private RemoteHold take(String key) throws InterruptedException {
        RemoteHold hold = grants.acquire(LockId.of(TYPE, key), OWNER, session,
                Deadline.after(0, TimeUnit.MILLISECONDS), false);
        session.track(hold);
        return hold;
    }
}
