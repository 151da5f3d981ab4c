package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Leases: a lease that runs out frees the lock, and only the holder keeps it going. */
public interface ExpiryRules extends ContractSubject {

    /** The shortest lease, so that tests which let it run out stay short. */
    long SHORT_LEASE = LockLimits.MIN_LEASE.toMillis();

    /**
     * A lease a test renews before it runs out: long enough that the renewal, one call later, is in time even on a
     * loaded machine.
     */
    long RENEWED_LEASE = 1_000;

    @Test
    default void aLeaseThatRanOutFreesTheLockForTheNextCaller() throws Exception {
        LockGrant first = master().tryLock(lockType(), "k", "alice", SHORT_LEASE, 0);
        letTimePass(Duration.ofMillis(2 * SHORT_LEASE));

        LockGrant next = master().tryLock(lockType(), "k", "bob", 0, 0);

        assertEquals("bob", next.getOwner(), "free to the next caller, whether or not the reaper ran");
        assertTrue(next.getFencingToken() > first.getFencingToken());
        assertFalse(master().renew(lockType(), "k", "alice", 0), "the lock is lost to its first holder");
        assertFalse(master().unlock(lockType(), "k", "alice"));
    }

    @Test
    default void aWaitingCallIsGrantedWhenTheHoldersLeaseRunsOut() throws Exception {
        master().tryLock(lockType(), "k", "alice", SHORT_LEASE, 0);
        CompletableFuture<LockGrant> bob = tryLockAside("k", "bob", WaitingRules.LONG_WAIT);
        awaitWaiting("k");

        letTimePass(Duration.ofMillis(2 * SHORT_LEASE));

        assertEquals("bob", bob.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
    }

    @Test
    default void aRenewedLeaseOutlivesItsFirstLength() throws Exception {
        LockGrant held = master().tryLock(lockType(), "k", "alice", RENEWED_LEASE, 0);
        assertTrue(master().renew(lockType(), "k", "alice", GrantRules.LEASE));

        letTimePass(Duration.ofMillis(RENEWED_LEASE + SHORT_LEASE));

        assertNull(master().tryLock(lockType(), "k", "bob", 0, 0));
        assertEquals(held.getFencingToken(), master().tryLock(lockType(), "k", "alice", 0, 0).getFencingToken());
    }

    @Test
    default void theHolderAskingAgainRestartsItsLease() throws Exception {
        LockGrant held = master().tryLock(lockType(), "k", "alice", RENEWED_LEASE, 0);
        assertEquals(held.getFencingToken(),
                master().tryLock(lockType(), "k", "alice", GrantRules.LEASE, 0).getFencingToken());

        letTimePass(Duration.ofMillis(RENEWED_LEASE + SHORT_LEASE));

        assertNull(master().tryLock(lockType(), "k", "bob", 0, 0));
    }
}
