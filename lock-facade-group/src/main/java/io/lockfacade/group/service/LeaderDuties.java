package io.lockfacade.group.service;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.ReplicatedLockTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * What only the leader proposes, on its own thread: the term-start entry when it takes over (retried until it is
 * applied or the member stops leading), and {@link Command.Kind#EXPIRE_DUE} whenever a lease or session of the
 * applied table has run out by the leader's clock.
 *
 * <p>Role changes are reported on several threads, so a step-down of an earlier term can arrive after this
 * member has become leader again and close its gate. The periodic check therefore also proposes the term-start
 * entry again whenever Raft says this member leads but it does not serve: a leader never stays shut.
 */
final class LeaderDuties {

    /** How often the leader looks for leases and sessions that have run out. */
    static final Duration EXPIRY_CHECK_PERIOD = Duration.ofMillis(50);

    /** Pause between attempts to append the term-start entry. */
    static final Duration TERM_START_RETRY = Duration.ofMillis(50);

    private static final Logger LOG = LoggerFactory.getLogger(LeaderDuties.class);

    private final ScheduledExecutorService executor;
    private final ReplicatedLockTable table;
    private final Function<Command, CompletableFuture<?>> propose;
    private final Function<Command, CompletableFuture<?>> startTerm;
    private final BooleanSupplier isServing;
    private final BooleanSupplier isLeader;
    private final BooleanSupplier isLeaderReady;
    private final AtomicBoolean expiryInFlight = new AtomicBoolean();
    private final AtomicBoolean termStartInFlight = new AtomicBoolean();

    /**
     * @param executor  the leader's thread
     * @param table     the applied table, to see what is due
     * @param propose   appends a command
     * @param startTerm appends the term-start entry (and lets calls through once it is in the log)
     * @param isLeader  whether this member leads (Raft's view)
     * @param isLeaderReady whether this member leads and Raft takes its writes
     * @param isServing whether this member leads and its term-start entry is applied
     */
    LeaderDuties(ScheduledExecutorService executor, ReplicatedLockTable table,
                 Function<Command, CompletableFuture<?>> propose, Function<Command, CompletableFuture<?>> startTerm,
                 BooleanSupplier isLeader, BooleanSupplier isLeaderReady, BooleanSupplier isServing) {
        this.executor = executor;
        this.table = table;
        this.propose = propose;
        this.startTerm = startTerm;
        this.isLeader = isLeader;
        this.isLeaderReady = isLeaderReady;
        this.isServing = isServing;
    }

    /** Starts the periodic check (expiry, and a leader's gate left shut). */
    void start() {
        executor.scheduleWithFixedDelay(this::periodicCheck, EXPIRY_CHECK_PERIOD.toMillis(),
                EXPIRY_CHECK_PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** This member became leader: append the term-start entry, retrying while it still leads. */
    void startTerm() {
        executor.execute(this::proposeTermStart);
    }

    private void proposeTermStart() {
        if (!isLeader.getAsBoolean() || isServing.getAsBoolean() || !termStartInFlight.compareAndSet(false, true)) {
            return;
        }
        try {
            startTerm.apply(Command.onTable(Command.Kind.TERM_START, System.currentTimeMillis()))
                    .whenComplete((applied, failure) -> {
                        termStartInFlight.set(false);
                        if (failure != null) {
                            LOG.debug("term-start entry not appended, retrying: {}", failure.toString());
                            executor.schedule(this::proposeTermStart, TERM_START_RETRY.toMillis(),
                                    TimeUnit.MILLISECONDS);
                        }
                    });
        } catch (RuntimeException unexpected) {
            termStartInFlight.set(false);
            LOG.warn("term-start entry not proposed, retrying: {}", unexpected.toString());
            executor.schedule(this::proposeTermStart, TERM_START_RETRY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * The periodic check: a ready leader that does not serve starts its term again; a serving one expires what is
     * due. (Before Raft says the leader is ready, a proposal would only be refused.)
     */
    private void periodicCheck() {
        if (isLeaderReady.getAsBoolean() && !isServing.getAsBoolean()) {
            proposeTermStart();
            return;
        }
        expireDue();
    }

    private void expireDue() {
        try {
            long now = System.currentTimeMillis();
            if (!isServing.getAsBoolean() || !table.hasDue(now) || !expiryInFlight.compareAndSet(false, true)) {
                return;
            }
            propose.apply(Command.onTable(Command.Kind.EXPIRE_DUE, now))
                    .whenComplete((applied, failure) -> expiryInFlight.set(false));
        } catch (RuntimeException unexpected) {
            expiryInFlight.set(false);
            LOG.warn("expiry check failed: {}", unexpected.toString());
        }
    }
}
