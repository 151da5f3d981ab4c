package io.lockfacade.client.semaphore;

import io.lockfacade.api.LockArguments;

/** A semaphore's lock type and key, checked like a lock's. */
record SemaphoreId(String lockType, String key) {

    static SemaphoreId of(String lockType, String key) {
        return new SemaphoreId(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
    }

    @Override
    public String toString() {
        return lockType + "/" + key;
    }
}
