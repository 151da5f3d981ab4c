package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Grants, ownership, idempotence per owner and fencing tokens. */
public interface GrantRules extends ContractSubject {

    /** A lease long enough never to run out during a test. */
    long LEASE = 60_000;

    @Test
    default void aFreeLockIsGrantedWithAPositiveTokenAndTheLeaseAsked() {
        LockGrant grant = master().tryLock(lockType(), "k", "alice", LEASE, 0);

        assertNotNull(grant);
        assertEquals(lockType(), grant.getLockType());
        assertEquals("k", grant.getKey());
        assertEquals("alice", grant.getOwner());
        assertEquals(LEASE, grant.getLeaseMillis());
        assertTrue(grant.getFencingToken() > 0, "token " + grant.getFencingToken());
    }

    @Test
    default void aCallerNamingNoLeaseGetsTheMastersDefault() {
        assertEquals(defaultLease().toMillis(), master().tryLock(lockType(), "k", "alice", 0, 0).getLeaseMillis());
        assertEquals(defaultLease().toMillis(), master().tryLock(lockType(), "j", "alice", -5, 0).getLeaseMillis());
    }

    @Test
    default void aHeldLockIsBusyForAnotherOwnerThatDoesNotWait() {
        master().tryLock(lockType(), "k", "alice", LEASE, 0);

        assertNull(master().tryLock(lockType(), "k", "bob", LEASE, 0));
        assertNotNull(master().tryLock(lockType(), "other", "bob", LEASE, 0), "other keys are not affected");
    }

    @Test
    default void theHolderAskingAgainGetsTheSameGrantAndOneUnlockReleasesIt() {
        LockGrant first = master().tryLock(lockType(), "k", "alice", LEASE, 0);
        LockGrant again = master().tryLock(lockType(), "k", "alice", 2 * LEASE, 0);

        assertEquals(first.getFencingToken(), again.getFencingToken());
        assertEquals(2 * LEASE, again.getLeaseMillis(), "the lease asked again");
        assertTrue(master().unlock(lockType(), "k", "alice"));
        assertFalse(master().unlock(lockType(), "k", "alice"), "no count is kept on the master");
        assertTrue(master().isLockTypeEmpty(lockType()));
    }

    @Test
    default void unlockByAnotherOwnerChangesNothing() {
        LockGrant grant = master().tryLock(lockType(), "k", "alice", LEASE, 0);

        assertFalse(master().unlock(lockType(), "k", "bob"));

        assertNull(master().tryLock(lockType(), "k", "bob", LEASE, 0));
        assertEquals(grant.getFencingToken(), master().tryLock(lockType(), "k", "alice", LEASE, 0).getFencingToken());
    }

    @Test
    default void unlockOfALockNobodyHoldsAnswersFalse() {
        assertFalse(master().unlock(lockType(), "k", "alice"));
        assertTrue(master().isLockTypeEmpty(lockType()));
    }

    @Test
    default void renewAnswersWhetherTheCallerStillHoldsTheLock() {
        master().tryLock(lockType(), "k", "alice", LEASE, 0);

        assertTrue(master().renew(lockType(), "k", "alice", LEASE));
        assertTrue(master().renew(lockType(), "k", "alice", 0), "the default lease");
        assertFalse(master().renew(lockType(), "k", "bob", LEASE));
        assertFalse(master().renew(lockType(), "free", "alice", LEASE));
        master().unlock(lockType(), "k", "alice");
        assertFalse(master().renew(lockType(), "k", "alice", LEASE), "released");
    }

    @Test
    default void isLockTypeEmptyTellsWhetherALockOfTheTypeIsHeld() {
        assertTrue(master().isLockTypeEmpty(lockType()));
        master().tryLock(lockType(), "k", "alice", LEASE, 0);
        assertFalse(master().isLockTypeEmpty(lockType()));
        assertTrue(master().isLockTypeEmpty(lockType() + "-other"));
        master().unlock(lockType(), "k", "alice");
        assertTrue(master().isLockTypeEmpty(lockType()));
    }

    @Test
    default void fencingTokensStrictlyIncreaseOverEveryGrant() {
        long previous = 0;
        for (int round = 0; round < 3; round++) {
            for (String key : new String[] {"a", "b"}) {
                LockGrant grant = master().tryLock(lockType(), key, "owner-" + round, LEASE, 0);
                assertTrue(grant.getFencingToken() > previous, grant.getFencingToken() + " after " + previous);
                previous = grant.getFencingToken();
            }
            assertTrue(master().unlock(lockType(), "a", "owner-" + round));
            assertTrue(master().unlock(lockType(), "b", "owner-" + round));
        }
    }
}
