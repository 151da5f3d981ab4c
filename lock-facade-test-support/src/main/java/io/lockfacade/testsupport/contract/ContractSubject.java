package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.testsupport.await.Await;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What the contract's rules need from the master under test. {@link MasterContract} implements all of it but
 * {@link #master()}; a runner overrides the rest where its master differs (a controllable clock, a member that does
 * not lead).
 */
public interface ContractSubject {

    /** @return the master under test, serving (for a group: its leader); the same one for the whole test */
    MemoryLockService master();

    /**
     * @return how many calls wait for the lock {@code key} of this test's type, as the master's operator sees it
     *         (the contract itself only answers whether any does)
     */
    int waitingCalls(String key);

    /** @return a lock type no other test uses, so tests share one master without seeing each other's locks */
    String lockType();

    /** @return the lease the master grants a caller that names none */
    Duration defaultLease();

    /** @return the longest one call waits at the master */
    Duration waitCap();

    /** @return a member of the same group that does not lead, if the master has such members */
    Optional<MemoryLockService> notLeader();

    /**
     * Lets at least {@code time} pass on the master's clock: moves a controllable clock, or sleeps.
     *
     * @throws InterruptedException if interrupted while sleeping
     */
    void letTimePass(Duration time) throws InterruptedException;

    /**
     * Calls {@code tryLock} (default lease) on a thread of its own, as another client would.
     *
     * @return completes with what the call answered
     */
    CompletableFuture<LockGrant> tryLockAside(String key, String owner, long waitMillis);

    /** @return a session id no other test uses */
    String newSessionId();

    /** Waits, boundedly, until the master reports a call waiting for the lock {@code key} of this test's type. */
    default void awaitWaiting(String key) {
        Await.until("a call waiting for " + key, () -> master().hasWaiters(lockType(), key));
    }

    /** Waits, boundedly, until {@code calls} calls wait for the lock {@code key} of this test's type. */
    default void awaitWaiting(String key, int calls) {
        Await.until(calls + " calls waiting for " + key, () -> waitingCalls(key) == calls);
    }
}
