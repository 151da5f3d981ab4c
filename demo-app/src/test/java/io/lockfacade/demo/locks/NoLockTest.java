package io.lockfacade.demo.locks;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The demo's lock that excludes nobody, yet keeps a lock's bookkeeping. */
class NoLockTest {

    private final NoLock locks = new NoLock();

    @Test
    void twoThreadsHoldTheSameLockAtOnce() throws Exception {
        assertTrue(locks.tryLock("account", "a"));

        assertTrue(CompletableFuture.supplyAsync(() -> locks.tryLock("account", "a")).get());
    }

    @Test
    void reentryKeepsTheTokenAndNeedsAsManyUnlocks() {
        locks.tryLock("account", "a");
        long token = locks.fencingToken("account", "a").orElseThrow();
        locks.tryLock("account", "a");

        assertEquals(token, locks.fencingToken("account", "a").orElseThrow());
        locks.unlock("account", "a");
        assertTrue(locks.isHeldByCurrentThread("account", "a"));
        locks.unlock("account", "a");
        assertFalse(locks.isHeldByCurrentThread("account", "a"));
    }

    @Test
    void unlockingWhatTheThreadDoesNotHoldFails() {
        assertThrows(IllegalMonitorStateException.class, () -> locks.unlock("account", "a"));
    }

    @Test
    void eachNewHoldGetsALargerToken() {
        locks.tryLock("account", "a");
        long first = locks.fencingToken("account", "a").orElseThrow();
        locks.unlock("account", "a");
        locks.tryLock("account", "a");

        assertTrue(locks.fencingToken("account", "a").orElseThrow() > first);
    }

    @Test
    void aModeIsParsedInAnyCaseAndABadOneNamesTheChoices() {
        assertEquals(LockMode.DISTRIBUTED, LockMode.parse(" Distributed "));
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> LockMode.parse("redis"));
        assertTrue(failure.getMessage().contains("none, memory, distributed"), failure.getMessage());
    }
}
