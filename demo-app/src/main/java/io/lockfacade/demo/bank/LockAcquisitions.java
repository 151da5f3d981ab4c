package io.lockfacade.demo.bank;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the first-level lock acquisitions the bank makes: a client without local arbitration would make two
 * remote calls (lock and unlock) for each of them.
 */
public final class LockAcquisitions {

    private final LongAdder count = new LongAdder();

    /** Records {@code n} acquisitions. */
    public void add(int n) {
        count.add(n);
    }

    /** @return the acquisitions so far */
    public long count() {
        return count.sum();
    }
}
