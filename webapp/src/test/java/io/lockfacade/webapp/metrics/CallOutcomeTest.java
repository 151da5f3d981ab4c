package io.lockfacade.webapp.metrics;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.transport.RemoteMethod;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The outcome tag of each kind of answer. */
class CallOutcomeTest {

    private static final Handout HANDOUT = new Handout(new LockGrant("order", "1", "node-1:main#1", 7, 60_000), 1);

    @Test
    void tryLocksAreGrantedOrNot() {
        assertEquals(CallOutcome.GRANTED, CallOutcome.of(RemoteMethod.TRY_LOCK, HANDOUT, null));
        assertEquals(CallOutcome.NOT_GRANTED, CallOutcome.of(RemoteMethod.TRY_LOCK, null, null));
        assertEquals(CallOutcome.GRANTED, CallOutcome.of(RemoteMethod.TRY_LOCK_IN_SESSION, HANDOUT, null));
    }

    @Test
    void aFalseFromAStateChangeIsARefusal() {
        assertEquals(CallOutcome.OK, CallOutcome.of(RemoteMethod.UNLOCK, true, null));
        assertEquals(CallOutcome.REFUSED, CallOutcome.of(RemoteMethod.UNLOCK, false, null));
        assertEquals(CallOutcome.REFUSED, CallOutcome.of(RemoteMethod.RENEW, false, null));
        assertEquals(CallOutcome.REFUSED, CallOutcome.of(RemoteMethod.CLOSE_SESSION, false, null));
        assertEquals(CallOutcome.REFUSED, CallOutcome.of(RemoteMethod.KEEP_ALIVE_SESSION, -1L, null));
        assertEquals(CallOutcome.OK, CallOutcome.of(RemoteMethod.KEEP_ALIVE_SESSION, 0L, null));
    }

    @Test
    void lookupsAreAlwaysOk() {
        assertEquals(CallOutcome.OK, CallOutcome.of(RemoteMethod.IS_LOCK_TYPE_EMPTY, false, null));
        assertEquals(CallOutcome.OK, CallOutcome.of(RemoteMethod.OPEN_SESSION, 30_000L, null));
    }

    @Test
    void aDeadlockVictimIsTaggedAsSuch() {
        assertEquals(CallOutcome.DEADLOCK, CallOutcome.of(RemoteMethod.TRY_LOCK_IN_SESSION_HOLDING, null,
                new DeadlockException("deadlock: a waits for t/1 held by b, b waits for t/2 held by a; victim b")));
        assertEquals(CallOutcome.GRANTED, CallOutcome.of(RemoteMethod.TRY_LOCK_IN_SESSION_HOLDING, HANDOUT, null));
    }

    @Test
    void failuresAreTaggedByKind() {
        assertEquals(CallOutcome.BAD_ARGUMENT,
                CallOutcome.of(RemoteMethod.UNLOCK, null, new IllegalArgumentException("key")));
        assertEquals(CallOutcome.SESSION_EXPIRED,
                CallOutcome.of(RemoteMethod.TRY_LOCK_IN_SESSION, null, new SessionExpiredException("ended")));
        assertEquals(CallOutcome.ABANDONED, CallOutcome.of(RemoteMethod.TRY_LOCK, null, new CancellationException()));
        assertEquals(CallOutcome.ERROR, CallOutcome.of(RemoteMethod.RENEW, null, new IllegalStateException()));
        assertEquals("not_granted", CallOutcome.NOT_GRANTED.tag());
    }
}
