package io.lockfacade.client.distributed;

import io.lockfacade.api.LockArguments;

/** A lock type and key, checked against the contract's limits when made. */
record LockId(String lockType, String key) {

    /** @throws IllegalArgumentException if the type or key breaks the contract's limits */
    static LockId of(String lockType, String key) {
        return new LockId(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
    }

    @Override
    public String toString() {
        return lockType + "/" + key;
    }
}
