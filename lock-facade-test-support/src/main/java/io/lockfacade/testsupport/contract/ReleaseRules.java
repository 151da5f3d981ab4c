package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.deadlock.HeldLock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unlocks that may be answered before they are durable ({@link MemoryLockService#unlockEarly}) and their settling
 * ({@link MemoryLockService#settleReleases}): a settle releases only the grant it names, by owner and token.
 */
public interface ReleaseRules extends ContractSubject {

    /** A lease long enough never to run out during a test. */
    long RELEASE_LEASE = 60_000;

    @Test
    default void anEarlyUnlockByTheHolderReleasesTheLockForTheNextOwner() throws Exception {
        LockGrant grant = master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);

        long answer = master().unlockEarly(lockType(), "k", "alice");

        assertTrue(answer == MemoryLockService.UNLOCK_RELEASED || answer == grant.getFencingToken(),
                "answered " + answer + " for the grant of token " + grant.getFencingToken());
        LockGrant next = tryLockAside("k", "bob", MasterContract.PATIENCE.toMillis())
                .get(MasterContract.PATIENCE.plus(waitCap()).toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(next, "the release took effect");
        assertTrue(next.getFencingToken() > grant.getFencingToken());
    }

    @Test
    default void anEarlyUnlockByAnotherOwnerOrOfAFreeLockAnswersNotHeldAndChangesNothing() {
        LockGrant grant = master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);

        assertEquals(MemoryLockService.UNLOCK_NOT_HELD, master().unlockEarly(lockType(), "k", "bob"));
        assertEquals(MemoryLockService.UNLOCK_NOT_HELD, master().unlockEarly(lockType(), "free", "alice"));
        assertNull(master().tryLock(lockType(), "k", "bob", RELEASE_LEASE, 0));
        assertEquals(grant.getFencingToken(),
                master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0).getFencingToken());
    }

    @Test
    default void aSettleReleasesTheNamedGrantOnceAndNeverTheNextHolders() {
        LockGrant grant = master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);
        String named = HeldLock.encode(List.of(new HeldLock(lockType(), "k", grant.getFencingToken())));

        assertEquals(1, master().settleReleases("alice", named), "still held: released now");
        LockGrant next = master().tryLock(lockType(), "k", "bob", RELEASE_LEASE, 0);
        assertNotNull(next);
        assertEquals(0, master().settleReleases("alice", named), "already released: nothing to do");
        assertNull(master().tryLock(lockType(), "k", "carol", RELEASE_LEASE, 0), "bob's grant stays");
    }

    @Test
    default void aSettleNamingAnEarlierGrantOfTheSameOwnerLeavesItsLaterGrantHeld() {
        LockGrant first = master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);
        assertTrue(master().unlock(lockType(), "k", "alice"));
        LockGrant second = master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);

        assertEquals(0, master().settleReleases("alice",
                HeldLock.encode(List.of(new HeldLock(lockType(), "k", first.getFencingToken())))));
        assertNull(master().tryLock(lockType(), "k", "bob", RELEASE_LEASE, 0), "alice's later grant stays");
        assertEquals(second.getFencingToken(),
                master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0).getFencingToken());
    }

    @Test
    default void aSettleNamingAnotherOwnersGrantChangesNothing() {
        LockGrant grant = master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);

        assertEquals(0, master().settleReleases("bob",
                HeldLock.encode(List.of(new HeldLock(lockType(), "k", grant.getFencingToken())))));
        assertNull(master().tryLock(lockType(), "k", "bob", RELEASE_LEASE, 0));
    }

    @Test
    default void badReleaseArgumentsAreRefusedNamingTheArgument() {
        master().tryLock(lockType(), "k", "alice", RELEASE_LEASE, 0);

        assertThrows(IllegalArgumentException.class, () -> master().unlockEarly(lockType(), "", "alice"));
        assertThrows(IllegalArgumentException.class, () -> master().unlockEarly(lockType(), "k", null));
        assertThrows(IllegalArgumentException.class, () -> master().settleReleases(null, ""));
        IllegalArgumentException malformed = assertThrows(IllegalArgumentException.class,
                () -> master().settleReleases("alice", "no tabs here"));
        assertTrue(String.valueOf(malformed.getMessage()).contains("grants"), malformed.getMessage());
        assertThrows(IllegalArgumentException.class, () -> master().settleReleases("alice", lockType() + "\tk\t0"));
        assertNull(master().tryLock(lockType(), "k", "bob", RELEASE_LEASE, 0), "nothing changed");
    }
}
