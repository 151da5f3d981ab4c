package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;
import io.lockfacade.client.distributed.GrantState.Cached;
import io.lockfacade.client.distributed.GrantState.Held;
import io.lockfacade.client.distributed.GrantState.Lost;
import io.lockfacade.client.distributed.GrantStep.Effect;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.lockfacade.client.distributed.GrantState.FREE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-lock grant states of a node, driven by a hand-set clock: no thread, no master, no I/O. */
class GrantTransitionsTest {

    private static final long TTL_MILLIS = 30_000;
    private static final long TTL_NANOS = TimeUnit.MILLISECONDS.toNanos(TTL_MILLIS);
    private static final int MAX_HANDOFFS = 2;
    private static final boolean QUEUED = true;
    private static final boolean NOBODY_QUEUED = false;
    private static final boolean OPEN = false;

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final SessionLease session = new SessionLease("node-a/s1", TTL_MILLIS, clock.get(), clock::get);
    private final RemoteHold hold = new RemoteHold(LockId.of("order", "1"),
            new LockGrant("order", "1", "node-a:main#1", 7, TTL_MILLIS), session);
    private final GrantTransitions transitions = new GrantTransitions(HandoffPolicy.bounded(MAX_HANDOFFS));

    @Test
    void aFreeLockIsAskedOfTheMaster() {
        GrantStep step = transitions.take(FREE, clock.get());

        assertEquals(Effect.ASK_MASTER, step.effect());
        assertSame(FREE, step.next());
    }

    @Test
    void aGrantFromTheMasterIsHeldWithNoHandOffYet() {
        assertEquals(new Held(hold, 0), transitions.granted(FREE, hold));
    }

    @Test
    void aFinalUnlockWithALocalThreadQueuedCachesTheGrantWithoutARemoteCall() {
        GrantStep step = transitions.finalUnlock(new Held(hold, 0), clock.get(), QUEUED, OPEN);

        assertEquals(Effect.HANDED_OFF, step.effect());
        assertEquals(new Cached(hold, 1), step.next());
    }

    @Test
    void theNextLocalThreadTakesTheCachedGrantAndKeepsItsHandOffCount() {
        GrantStep step = transitions.take(new Cached(hold, 1), clock.get());

        assertEquals(Effect.USE_CACHED, step.effect());
        assertEquals(new Held(hold, 1), step.next());
    }

    @Test
    void aFinalUnlockWithNobodyQueuedReleasesOnTheMaster() {
        GrantStep step = transitions.finalUnlock(new Held(hold, 0), clock.get(), NOBODY_QUEUED, OPEN);

        assertEquals(Effect.RELEASE_ON_MASTER, step.effect());
        assertSame(hold, step.hold());
        assertSame(FREE, step.next());
    }

    @Test
    void theBoundOnConsecutiveHandOffsSendsAQuestionAboutOtherNodesAndHandsOffMeanwhile() {
        GrantState state = transitions.granted(FREE, hold);
        for (int i = 0; i < MAX_HANDOFFS; i++) {
            state = transitions.finalUnlock(state, clock.get(), QUEUED, OPEN).next();
            state = transitions.take(state, clock.get()).next();
        }

        GrantStep step = transitions.finalUnlock(state, clock.get(), QUEUED, OPEN);

        assertEquals(Effect.PROBE_WAITERS, step.effect());
        assertSame(hold, step.hold());
        Cached cached = assertInstanceOf(Cached.class, step.next());
        assertEquals(MAX_HANDOFFS + 1, cached.handoffs());
        assertEquals(WaiterProbe.Answer.PENDING, cached.probe().answer());
    }

    @Test
    void theNextLocalThreadTakesTheQuestionAlongWithTheGrant() {
        WaiterProbe probe = new WaiterProbe();

        GrantStep step = transitions.take(new Cached(hold, MAX_HANDOFFS + 1, probe), clock.get());

        assertEquals(new Held(hold, MAX_HANDOFFS + 1, probe), step.next());
    }

    @Test
    void whileTheQuestionIsOnItsWayTheGrantIsHandedOffAgain() {
        WaiterProbe probe = new WaiterProbe();

        GrantStep step = transitions.finalUnlock(new Held(hold, MAX_HANDOFFS + 1, probe), clock.get(), QUEUED, OPEN);

        assertEquals(Effect.HANDED_OFF, step.effect());
        assertEquals(new Cached(hold, MAX_HANDOFFS + 2, probe), step.next());
    }

    @Test
    void whenNobodyWaitsANewRunOfHandOffsStartsWithoutARemoteCall() {
        WaiterProbe answered = new WaiterProbe(WaiterProbe.Answer.NOBODY_WAITS);

        GrantStep step = transitions.finalUnlock(new Held(hold, MAX_HANDOFFS + 3, answered), clock.get(), QUEUED,
                OPEN);

        assertEquals(Effect.HANDED_OFF, step.effect());
        assertEquals(new Cached(hold, 1), step.next());
    }

    @Test
    void whenAnotherNodeWaitsOrTheMasterCouldNotSayTheNextUnlockAsksTheMasterToYield() {
        for (WaiterProbe.Answer answer : List.of(WaiterProbe.Answer.OTHERS_WAIT, WaiterProbe.Answer.UNANSWERED)) {
            Held held = new Held(hold, MAX_HANDOFFS + 2, new WaiterProbe(answer));

            GrantStep step = transitions.finalUnlock(held, clock.get(), QUEUED, OPEN);

            assertEquals(Effect.YIELD_TO_WAITERS, step.effect(), answer.name());
            assertEquals(new Held(hold, MAX_HANDOFFS + 2), step.next(), "held until the master answers");
        }
    }

    @Test
    void withNoLocalThreadQueuedTheGrantIsReleasedWhateverTheQuestionSaid() {
        Held held = new Held(hold, MAX_HANDOFFS + 2, new WaiterProbe());

        GrantStep step = transitions.finalUnlock(held, clock.get(), NOBODY_QUEUED, OPEN);

        assertEquals(Effect.RELEASE_ON_MASTER, step.effect());
        assertSame(FREE, step.next());
    }

    @Test
    void aGrantTheMasterKeptStartsANewRunOfHandOffs() {
        GrantStep step = transitions.yielded(new Held(hold, MAX_HANDOFFS), true);

        assertEquals(Effect.HANDED_OFF, step.effect());
        assertEquals(new Cached(hold, 1), step.next());
    }

    @Test
    void aGrantTheMasterYieldedIsGone() {
        GrantStep step = transitions.yielded(new Held(hold, MAX_HANDOFFS), false);

        assertEquals(Effect.NONE, step.effect());
        assertSame(FREE, step.next());
    }

    @Test
    void aClosedClientNeverHandsOff() {
        assertEquals(Effect.RELEASE_ON_MASTER,
                transitions.finalUnlock(new Held(hold, 0), clock.get(), QUEUED, true).effect());
    }

    @Test
    void aHeldGrantIsLostTheInstantItsSessionTtlRunsOutWithoutAConfirmedKeepAlive() {
        Held held = new Held(hold, 0);
        clock.addAndGet(TTL_NANOS);
        assertSame(held, held.at(clock.get()), "still alive at the deadline itself");

        clock.incrementAndGet();

        Lost lost = assertInstanceOf(Lost.class, held.at(clock.get()));
        assertTrue(lost.reason().contains("TTL of 30000 ms ran out"), lost.reason());
    }

    @Test
    void theFinalUnlockOfALostGrantReportsTheLossAndNeverHandsItOff() {
        session.markLost("the master ended it");

        GrantStep step = transitions.finalUnlock(new Held(hold, 0), clock.get(), QUEUED, OPEN);

        assertEquals(Effect.REPORT_LOST, step.effect());
        assertSame(FREE, step.next());
        assertTrue(step.lossReason().endsWith("the master ended it"), step.lossReason());
    }

    @Test
    void aCachedGrantLostMeanwhileIsDiscardedAndTheTakerAsksTheMaster() {
        hold.markLost("force-removed");

        GrantStep step = transitions.take(new Cached(hold, 1), clock.get());

        assertEquals(Effect.DISCARD_THEN_ASK_MASTER, step.effect());
        assertSame(hold, step.hold());
        assertSame(FREE, step.next());
    }

    @Test
    void lossIsFinalEvenIfAKeepAliveIsConfirmedLater() {
        long keepAliveStart = clock.get();
        clock.addAndGet(TTL_NANOS + 1);
        assertInstanceOf(Lost.class, new Held(hold, 0).at(clock.get()));

        assertEquals(SessionLease.KeepAliveOutcome.LOST, session.answered(keepAliveStart, clock.get(), 0));

        assertInstanceOf(Lost.class, new Held(hold, 0).at(keepAliveStart));
    }

    @Test
    void aCachedGrantNobodyTakesIsDiscarded() {
        GrantStep step = transitions.abandon(new Cached(hold, 1));

        assertEquals(Effect.DISCARD, step.effect());
        assertSame(hold, step.hold());
        assertSame(FREE, step.next());
        assertEquals(Effect.NONE, transitions.abandon(FREE).effect());
    }

    @Test
    void eventsThatDoNotFitTheStateAreRefused() {
        Held held = new Held(hold, 0);

        assertThrows(IllegalStateException.class, () -> transitions.take(held, clock.get()));
        assertThrows(IllegalStateException.class, () -> transitions.granted(held, hold));
        assertThrows(IllegalStateException.class, () -> transitions.finalUnlock(FREE, clock.get(), QUEUED, OPEN));
        assertThrows(IllegalStateException.class, () -> transitions.abandon(held));
        assertThrows(IllegalStateException.class, () -> transitions.yielded(new Cached(hold, 1), true));
    }

    @Test
    void onlyAFreeStateHasNoGrant() {
        assertNull(FREE.hold());
        assertSame(hold, new Cached(hold, 0).hold());
    }
}
