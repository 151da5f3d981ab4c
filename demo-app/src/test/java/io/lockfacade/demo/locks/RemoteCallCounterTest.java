package io.lockfacade.demo.locks;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Counting the calls a node makes to its master. */
class RemoteCallCounterTest {

    /** A master that grants everything. */
    private static final class GrantingMaster implements MemoryLockService {
        @Override
        public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
            return new LockGrant(lockType, key, owner, 1, leaseMillis);
        }

        @Override
        public boolean unlock(String lockType, String key, String owner) {
            return true;
        }

        @Override
        public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
            return YieldOutcome.KEPT;
        }

        @Override
        public boolean hasWaiters(String lockType, String key) {
            return false;
        }

        @Override
        public boolean renew(String lockType, String key, String owner, long leaseMillis) {
            return true;
        }

        @Override
        public boolean isLockTypeEmpty(String lockType) {
            return true;
        }

        @Override
        public long openSession(String sessionId, long ttlMillis) {
            return ttlMillis;
        }

        @Override
        public long keepAliveSession(String sessionId) {
            return 0;
        }

        @Override
        public boolean closeSession(String sessionId) {
            return true;
        }

        @Override
        public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                          long waitMillis) {
            return new LockGrant(lockType, key, owner, 1, 30_000);
        }
    }

    @Test
    void everyKindOfCallIsCountedOnTheWayThrough() {
        RemoteCallCounter counter = new RemoteCallCounter();
        MemoryLockService service = (MemoryLockService) counter.postProcessAfterInitialization(new GrantingMaster(),
                "memoryLockService");

        service.tryLock("t", "k", "o", 0, 0);
        service.tryLock("t", "k", "o", 0, 0);
        service.unlock("t", "k", "o");
        service.yieldToWaiters("t", "k", "o");
        service.renew("t", "k", "o", 0);
        service.isLockTypeEmpty("t");
        service.hasWaiters("t", "k");
        service.openSession("s", 0);
        service.tryLockInSession("t", "k2", "o", "s", 0);
        service.tryLockInSessionHolding("t", "k3", "o", "s", 0, "t\tk2\t1", 1_000);
        service.keepAliveSession("s");
        service.closeSession("s");

        assertEquals(new RemoteCalls(4, 2, 4, 2), counter.calls());
        assertEquals(6, counter.calls().lockAndUnlock());
    }

    @Test
    void otherBeansPassUntouched() {
        Object bean = new Object();

        assertSame(bean, new RemoteCallCounter().postProcessAfterInitialization(bean, "other"));
    }
}
