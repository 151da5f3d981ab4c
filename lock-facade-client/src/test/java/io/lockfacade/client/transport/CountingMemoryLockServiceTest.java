package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.client.transport.CountingMemoryLockService.CallKind;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The counting decorator over a real lock table: every call answered as the table answers it, and counted. */
class CountingMemoryLockServiceTest {

    private final MemoryLockServiceImpl master = new MemoryLockServiceImpl(MasterSettings.defaults());
    private final List<LockGrant> grants = new CopyOnWriteArrayList<>();
    private final CountingMemoryLockService counting = new CountingMemoryLockService(master, grants::add);

    @AfterEach
    void closeMaster() {
        master.close();
    }

    @Test
    void countsEachCallByKindAndAnswersAsTheMaster() {
        LockGrant first = counting.tryLock("t", "k", "a", 10_000, 0);
        assertNull(counting.tryLock("t", "k", "b", 10_000, 0));
        assertFalse(counting.hasWaiters("t", "k"));
        assertFalse(counting.isLockTypeEmpty("t"));
        assertTrue(counting.renew("t", "k", "a", 10_000));
        assertEquals(YieldOutcome.KEPT, counting.yieldToWaiters("t", "k", "a"));
        assertTrue(counting.unlock("t", "k", "a"));
        assertEquals(5_000, counting.openSession("s", 5_000));
        assertEquals(0, counting.keepAliveSession("s"));
        assertNotNull(counting.tryLockInSession("t", "k2", "a", "s", 0));
        assertTrue(counting.closeSession("s"));

        assertNotNull(first);
        assertEquals(3, counting.calls(CallKind.ACQUIRE));
        assertEquals(1, counting.calls(CallKind.RELEASE));
        assertEquals(1, counting.calls(CallKind.YIELD));
        assertEquals(4, counting.calls(CallKind.UPKEEP));
        assertEquals(2, counting.calls(CallKind.READ));
        assertEquals(11, counting.totalCalls());
    }

    @Test
    void tellsTheListenerOfGrantsOnly() {
        LockGrant granted = counting.tryLock("t", "k", "a", 10_000, 0);
        counting.tryLock("t", "k", "b", 10_000, 0);

        assertEquals(List.of(granted), grants);
    }

    @Test
    void countsACallThatFails() {
        assertThrows(IllegalArgumentException.class, () -> counting.tryLock("t", "", "a", 10_000, 0));

        assertEquals(1, counting.calls(CallKind.ACQUIRE));
        assertEquals(List.of(), grants);
    }

    @Test
    void answersAnEarlyUnlockOnlyOnceTheReleaseTookEffect() {
        counting.tryLock("t", "k", "a", 10_000, 0);

        assertEquals(MemoryLockService.UNLOCK_RELEASED, counting.unlockEarly("t", "k", "a"));
        assertEquals(1, counting.calls(CallKind.RELEASE));
        assertTrue(counting.isLockTypeEmpty("t"));
    }
}
