package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.SessionExpiredException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions: grants that live as long as their session, kept alive and closed by their client. */
public interface SessionRules extends ContractSubject {

    /** A TTL long enough never to run out during a test. */
    long TTL = 60_000;

    @Test
    default void openingASessionAnswersItsTtlAndTheDefaultWhenNoneIsNamed() {
        assertEquals(TTL, master().openSession(newSessionId(), TTL));
        assertEquals(LockLimits.DEFAULT_SESSION_TTL.toMillis(), master().openSession(newSessionId(), 0));
    }

    @Test
    default void aGrantInASessionIsHeldUntilTheSessionCloses() {
        String session = newSessionId();
        master().openSession(session, TTL);
        LockGrant held = master().tryLockInSession(lockType(), "k", "alice", session, 0);
        assertNotNull(held);
        assertEquals(held.getFencingToken(),
                master().tryLockInSession(lockType(), "k", "alice", session, 0).getFencingToken(), "idempotent");
        assertNull(master().tryLock(lockType(), "k", "bob", 0, 0));

        assertTrue(master().closeSession(session));

        LockGrant next = master().tryLock(lockType(), "k", "bob", 0, 0);
        assertTrue(next.getFencingToken() > held.getFencingToken());
        assertFalse(master().unlock(lockType(), "k", "alice"));
    }

    @Test
    default void keepAliveAnswersTheForceRemovalsWhileOpenAndMinusOneOnceEnded() {
        String session = newSessionId();
        master().openSession(session, TTL);

        assertEquals(0, master().keepAliveSession(session));
        assertTrue(master().closeSession(session));
        assertEquals(-1, master().keepAliveSession(session));
        assertFalse(master().closeSession(session), "closed already");
        assertEquals(-1, master().keepAliveSession(newSessionId()), "never opened");
    }

    @Test
    default void aSessionWhoseTtlRunsOutReleasesItsLocks() throws Exception {
        String session = newSessionId();
        master().openSession(session, ExpiryRules.RENEWED_LEASE);
        master().tryLockInSession(lockType(), "k", "alice", session, 0);

        letTimePass(Duration.ofMillis(ExpiryRules.RENEWED_LEASE + ExpiryRules.SHORT_LEASE));

        assertEquals("bob", master().tryLock(lockType(), "k", "bob", 0, 0).getOwner());
        assertEquals(-1, master().keepAliveSession(session));
    }

    @Test
    default void tryLockInASessionThatIsNotOpenIsRefusedAndChangesNothing() {
        String session = newSessionId();

        assertThrows(SessionExpiredException.class,
                () -> master().tryLockInSession(lockType(), "k", "alice", session, 0));
        master().openSession(session, TTL);
        master().closeSession(session);
        assertThrows(SessionExpiredException.class,
                () -> master().tryLockInSession(lockType(), "k", "alice", session, 0));

        assertTrue(master().isLockTypeEmpty(lockType()));
    }
}
