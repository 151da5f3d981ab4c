package io.lockfacade.demo.node;

import io.lockfacade.client.spring.LockAcquisitionTimeoutException;
import io.lockfacade.demo.bank.Bank;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A node's share of the demo: worker threads making random deposits and transfers between random accounts until
 * the node's operation count or run time is used up.
 */
public final class Workload {

    /** Percentage of operations that are deposits; the rest are transfers. */
    static final int DEPOSIT_PERCENT = 30;
    /** Largest deposit. */
    static final int MAX_DEPOSIT = 10;
    /** Largest transfer. */
    static final int MAX_TRANSFER = 50;
    /** Longest a run may last, whatever it was asked, so that a node never runs forever. */
    static final Duration MAX_RUN_TIME = Duration.ofMinutes(10);
    /** How many failures are printed in full; the rest are only counted. */
    static final int PRINTED_FAILURES = 5;
    private static final int PERCENT = 100;

    private final Bank bank;
    private final List<String> accounts;
    private final NodeSettings settings;
    private final WorkloadCounters counters = new WorkloadCounters();
    private final AtomicInteger printedFailures = new AtomicInteger();

    /**
     * @param bank     the (proxied) bank service
     * @param accounts the account names
     * @param settings threads, operations or duration
     */
    public Workload(Bank bank, List<String> accounts, NodeSettings settings) {
        this.bank = Objects.requireNonNull(bank, "bank");
        this.accounts = List.copyOf(accounts);
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return the live counters, for progress reports */
    public WorkloadCounters counters() {
        return counters;
    }

    /**
     * Runs the workers and returns when all have finished (or {@link #MAX_RUN_TIME} has passed).
     *
     * @return the counters
     * @throws InterruptedException if interrupted while waiting for the workers; they are interrupted too
     */
    public WorkloadCounters run() throws InterruptedException {
        long endNanos = System.nanoTime() + (settings.countsOperations() ? MAX_RUN_TIME : settings.duration()).toNanos();
        AtomicLong remaining = new AtomicLong(settings.countsOperations() ? settings.operations() : Long.MAX_VALUE);
        List<Thread> workers = new ArrayList<>();
        for (int i = 1; i <= settings.threads(); i++) {
            Thread worker = new Thread(() -> work(endNanos, remaining), settings.name() + "-worker-" + i);
            workers.add(worker);
            worker.start();
        }
        // an operation started just before the end may still wait for its lock
        long joinDeadline = endNanos + TimeUnit.MILLISECONDS.toNanos(Bank.LOCK_WAIT_MILLIS);
        try {
            for (Thread worker : workers) {
                TimeUnit.NANOSECONDS.timedJoin(worker, Math.max(1, joinDeadline - System.nanoTime()));
            }
        } finally {
            workers.forEach(Thread::interrupt);
        }
        return counters;
    }

    private void work(long endNanos, AtomicLong remaining) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (System.nanoTime() - endNanos < 0 && remaining.getAndDecrement() > 0
                && !Thread.currentThread().isInterrupted()) {
            try {
                if (random.nextInt(PERCENT) < DEPOSIT_PERCENT) {
                    deposit(random);
                } else {
                    transfer(random);
                }
                counters.operations.increment();
            } catch (LockAcquisitionTimeoutException | TimeoutException e) {
                counters.timedOut.increment();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                counters.failed.increment();
                if (printedFailures.incrementAndGet() <= PRINTED_FAILURES) {
                    System.err.println(Thread.currentThread().getName() + ": operation failed: " + e);
                }
            }
        }
    }

    private void deposit(ThreadLocalRandom random) {
        long amount = 1 + random.nextInt(MAX_DEPOSIT);
        bank.deposit(accounts.get(random.nextInt(accounts.size())), amount);
    }

    private void transfer(ThreadLocalRandom random) throws TimeoutException, InterruptedException {
        int from = random.nextInt(accounts.size());
        int to = (from + 1 + random.nextInt(accounts.size() - 1)) % accounts.size();
        if (bank.transfer(accounts.get(from), accounts.get(to), 1 + random.nextInt(MAX_TRANSFER))) {
            counters.transfers.increment();
        } else {
            counters.declined.increment();
        }
    }
}
