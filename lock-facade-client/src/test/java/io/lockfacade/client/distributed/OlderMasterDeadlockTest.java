package io.lockfacade.client.distributed;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.testing.FaultInjectingMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A master older than {@code tryLockInSessionHolding} refuses it before decoding, as the endpoint refuses any
 * unknown method: the node falls back to {@code tryLockInSession} at once, and for good.
 */
class OlderMasterDeadlockTest {

    private final FaultInjectingMaster master = new FaultInjectingMaster();
    private final AtomicInteger holdingCalls = new AtomicInteger();
    private final DistributeLock locks = new DistributeLock(olderThanTheMethod(master),
            DistributeLockSettings.defaults().withNodeId("older-master"));

    @AfterEach
    void close() {
        locks.close();
        master.close();
    }

    @Test
    void aThreadHoldingALockStillGetsAnotherAndTheRefusedMethodIsNotAskedAgain() throws Exception {
        locks.lock("t", "first", 1_000);
        for (int i = 0; i < 3; i++) {
            locks.lock("t", "second-" + i, 1_000);
            assertTrue(locks.isHeldByCurrentThread("t", "second-" + i));
            locks.unlock("t", "second-" + i);
        }
        locks.unlock("t", "first");
        assertEquals(1, holdingCalls.get());
    }

    private MemoryLockService olderThanTheMethod(MemoryLockService current) {
        return (MemoryLockService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {MemoryLockService.class}, (proxy, method, args) -> {
                    if (method.getName().equals("tryLockInSessionHolding")) {
                        holdingCalls.incrementAndGet();
                        throw new IllegalStateException("Hessian call refused: unknown method; the service has "
                                + "tryLock, unlock, renew");
                    }
                    try {
                        return method.invoke(current, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
