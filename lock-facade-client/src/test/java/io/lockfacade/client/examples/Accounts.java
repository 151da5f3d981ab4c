package io.lockfacade.client.examples;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockHandle;
import io.lockfacade.client.spring.DistributeLocked;
import io.lockfacade.client.spring.LockContext;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * The account service the docs show ({@code docs/client.md}, {@code docs/semantics.md}, {@code docs/reliability.md}):
 * one method per way of locking, each writing to a {@link FencedLedger} with its grant's fencing token.
 */
public class Accounts {

    private final LockFacade locks;
    private final FencedLedger ledger;

    /**
     * @param locks  the lock facade
     * @param ledger where the balances are kept
     */
    public Accounts(LockFacade locks, FencedLedger ledger) {
        this.locks = Objects.requireNonNull(locks, "locks");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
    }

    /**
     * Adds {@code amount} to {@code account} under the account's lock, taken by the annotation.
     *
     * @throws io.lockfacade.client.spring.LockAcquisitionTimeoutException if the lock is not free within 10 s
     */
    // tag::distribute-locked[]
    @DistributeLocked(type = "account", key = "#account", waitMillis = 10_000)
    public void deposit(String account, long amount) {
        ledger.write(account, ledger.balance(account) + amount, LockContext.currentFencingToken());
    }
    // end::distribute-locked[]

    /**
     * Moves {@code amount} between two accounts under both accounts' locks, taken in name order so that opposite
     * transfers cannot deadlock.
     *
     * @throws TimeoutException     if a lock is not free within {@code wait}; nothing was written
     * @throws InterruptedException if interrupted while waiting; nothing was written
     */
    public void transfer(String from, String to, long amount, Duration wait)
            throws TimeoutException, InterruptedException {
        // tag::transfer[]
        boolean fromFirst = from.compareTo(to) < 0;
        try (LockHandle first = locks.acquire("account", fromFirst ? from : to, wait);
             LockHandle second = locks.acquire("account", fromFirst ? to : from, wait)) {
            long fromToken = (fromFirst ? first : second).fencingToken();
            long toToken = (fromFirst ? second : first).fencingToken();
            ledger.write(from, ledger.balance(from) - amount, fromToken);
            ledger.write(to, ledger.balance(to) + amount, toToken);
        }
        // end::transfer[]
    }

    /**
     * Sets the balance of {@code accountId} under its lock, passing the grant's fencing token to the ledger.
     *
     * @throws TimeoutException     if the lock is not free within 5 s; nothing was written
     * @throws InterruptedException if interrupted while waiting; nothing was written
     */
    public void setBalance(String accountId, long newBalance) throws TimeoutException, InterruptedException {
        // tag::fencing-token[]
        try (LockHandle held = locks.acquire("account", accountId, Duration.ofSeconds(5))) {
            // The ledger refuses a token smaller than the largest it has accepted for the account, like
            // UPDATE account SET balance = :balance, fence = :token WHERE id = :id AND fence <= :token
            ledger.write(accountId, newBalance, held.fencingToken());
        }   // close() throws LockLostException if the lock was lost meanwhile: treat the work as suspect
        // end::fencing-token[]
    }
}
