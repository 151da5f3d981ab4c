package io.lockfacade.demo.locks;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
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
        public boolean renew(String lockType, String key, String owner, long leaseMillis) {
            return true;
        }

        @Override
        public boolean isLockTypeEmpty(String lockType) {
            return true;
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
        service.renew("t", "k", "o", 0);
        service.isLockTypeEmpty("t");

        assertEquals(new RemoteCalls(2, 1, 1, 1), counter.calls());
        assertEquals(3, counter.calls().lockAndUnlock());
    }

    @Test
    void otherBeansPassUntouched() {
        Object bean = new Object();

        assertSame(bean, new RemoteCallCounter().postProcessAfterInitialization(bean, "other"));
    }
}
