package io.lockfacade.demo.bank;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockHandle;
import io.lockfacade.client.spring.DistributeLocked;
import io.lockfacade.client.spring.LockContext;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

/**
 * The business service: deposits and transfers on the accounts of an {@link AccountStore}, each a
 * read-modify-write that is only correct while the account's lock is held.
 *
 * <p>It shows both ways of locking: {@link #deposit} with the {@link DistributeLocked} annotation,
 * {@link #transfer} with the {@link LockFacade} API (two locks, always taken in name order so that opposite
 * transfers cannot deadlock). Every write carries the fencing token of the lock it was made under.
 */
public class Bank {

    /** The lock type of accounts; the key is the account name. */
    public static final String ACCOUNT_LOCK = "account";

    /** How long an operation waits for an account's lock. */
    public static final long LOCK_WAIT_MILLIS = 10_000;

    private static final Duration LOCK_WAIT = Duration.ofMillis(LOCK_WAIT_MILLIS);
    private static final int TRANSFER_LOCKS = 2;

    private final LockFacade locks;
    private final AccountStore store;
    private final LockAcquisitions acquisitions;
    private final LongAdder deposits = new LongAdder();
    private final LongAdder deposited = new LongAdder();

    /**
     * @param locks        the lock facade (a {@code DistributeLock}, a {@code MemoryLock}, or none at all)
     * @param store        the shared accounts
     * @param acquisitions counts the locks taken
     */
    public Bank(LockFacade locks, AccountStore store, LockAcquisitions acquisitions) {
        this.locks = Objects.requireNonNull(locks, "locks");
        this.store = Objects.requireNonNull(store, "store");
        this.acquisitions = Objects.requireNonNull(acquisitions, "acquisitions");
    }

    /**
     * Adds {@code amount} to {@code account} under the account's lock.
     *
     * @throws io.lockfacade.client.spring.LockAcquisitionTimeoutException if the lock is not free within
     *                                                                      {@link #LOCK_WAIT_MILLIS}
     */
    @DistributeLocked(type = ACCOUNT_LOCK, key = "#account", waitMillis = LOCK_WAIT_MILLIS)
    public void deposit(String account, long amount) {
        acquisitions.add(1);
        AccountRecord before = store.read(account);
        store.write(account, before.next(before.balance() + amount, LockContext.currentFencingToken()));
        // counted once written: a release that fails afterwards (the lock reported lost) does not undo the write
        deposits.increment();
        deposited.add(amount);
    }

    /** @return deposits written to the store */
    public long deposits() {
        return deposits.sum();
    }

    /** @return the amount those deposits added */
    public long deposited() {
        return deposited.sum();
    }

    /**
     * Moves {@code amount} from one account to another under both accounts' locks, unless the source holds less.
     *
     * @return whether the money moved ({@code false}: insufficient funds, nothing written)
     * @throws TimeoutException     if a lock is not free within {@link #LOCK_WAIT_MILLIS}; nothing was written
     * @throws InterruptedException if interrupted while waiting; nothing was written
     */
    public boolean transfer(String from, String to, long amount) throws TimeoutException, InterruptedException {
        if (from.equals(to)) {
            throw new IllegalArgumentException("a transfer needs two accounts, got " + from + " twice");
        }
        boolean fromFirst = from.compareTo(to) < 0;
        try (LockHandle first = locks.acquire(ACCOUNT_LOCK, fromFirst ? from : to, LOCK_WAIT);
             LockHandle second = locks.acquire(ACCOUNT_LOCK, fromFirst ? to : from, LOCK_WAIT)) {
            acquisitions.add(TRANSFER_LOCKS);
            AccountRecord source = store.read(from);
            if (source.balance() < amount) {
                return false;
            }
            AccountRecord target = store.read(to);
            long fromToken = (fromFirst ? first : second).fencingToken();
            long toToken = (fromFirst ? second : first).fencingToken();
            store.write(from, source.next(source.balance() - amount, fromToken));
            store.write(to, target.next(target.balance() + amount, toToken));
            return true;
        }
    }
}
