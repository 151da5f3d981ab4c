package io.lockfacade.group.service;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.PrimitiveQuery;
import io.lockfacade.group.state.Reply;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.service.CheckedPrimitiveCalls;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.ParkedCall;
import io.lockfacade.server.service.PrimitiveArguments;
import io.lockfacade.server.service.PrimitiveOperations;
import io.lockfacade.server.service.ReadWriteWatches;
import io.lockfacade.server.table.AccessMode;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.Leaderships;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.Waiter;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * A master-group member's read-write locks, semaphores and leaderships: the single master's calls, each a
 * {@link Command} through the log applied by the table's own transitions, answered by the leader alone (a follower,
 * or a leader that cannot commit, answers {@link NotLeaderException}). A call that may wait parks in the replicated
 * table's line under a waiter id, so writer preference, permit order and election order are the table's; its caller
 * waits on the leader ({@link TableWaiters}) until an applied entry answers it or its (capped) wait ends, when a
 * withdrawal goes through the log. {@link #availablePermits} and {@link #leadershipEpoch} are linearizable reads.
 * The operator's actions ({@link PrimitiveOperations}) are commands too. Every call's arguments are checked before
 * anything is proposed ({@link CheckedPrimitiveCalls} for the read-write and semaphore calls, as on the single
 * master). A call that names what its thread holds is
 * watched for deadlocks by the leader's {@link GroupDeadlocks} while it waits, as lock calls are.
 */
final class GroupPrimitives extends CheckedPrimitiveCalls {

    /** One acquisition's command, given the waiter id (0: the call may not wait) and the leader's time. */
    private interface Acquisition {
        Command at(long waiterId, long now);
    }

    private static final Runnable NOTHING_NOTED = () -> { };

    private final LeaderProposer log;
    private final ScheduledExecutorService timer;
    private final TableWaiters waiters;
    private final Consumer<Handout> releaseUndelivered;
    private final GroupDeadlocks deadlocks;
    private final ReadWriteWatches watches;

    /**
     * @param timer              runs the ends of waits
     * @param waiters            the leader's calls that wait in the table's lines
     * @param releaseUndelivered gives back a grant whose caller has gone
     * @param deadlocks          watches the waiting calls that name what their thread holds
     */
    GroupPrimitives(MasterSettings settings, LeaderProposer log, ScheduledExecutorService timer,
                    TableWaiters waiters, Consumer<Handout> releaseUndelivered, GroupDeadlocks deadlocks) {
        super(settings);
        this.deadlocks = deadlocks;
        this.log = log;
        this.timer = timer;
        this.waiters = waiters;
        this.releaseUndelivered = releaseUndelivered;
        this.watches = new ReadWriteWatches(timer, this::waiterStanding);
    }

    @Override
    protected CompletableFuture<Handout> lock(LockKey lockKey, String owner, String sessionId, long wait,
                                              AccessMode mode, Consumer<ParkedCall> parking) {
        Command.Kind kind = mode == AccessMode.READ ? Command.Kind.READ_LOCK : Command.Kind.WRITE_LOCK;
        return acquire(lockKey, owner, sessionId, wait, Command.Kind.WITHDRAW_READ_WRITE,
                (id, now) -> new Command(kind, now, lockKey.lockType(), lockKey.key(), owner, sessionId, 0, id),
                parking, () -> watches.callParked(lockKey));
    }

    @Override
    protected Consumer<ParkedCall> deadlockWatch(String owner, HoldingCall asked) {
        return call -> deadlocks.watch(call, owner, asked);
    }

    @Override
    public CompletableFuture<Integer> awaitReadWriteWaiterAsync(String lockType, String key, String owner,
                                                                long waitMillis) {
        LockKey lockKey = PrimitiveArguments.held(lockType, key, owner);
        long wait = cappedWait(waitMillis);
        log.requireLeader();
        return watches.watch(lockKey, owner, wait);
    }

    /** @return where a holder stands, read through the log so that a deposed leader cannot answer */
    private CompletableFuture<Integer> waiterStanding(LockKey key, String owner) {
        return log.read(now -> new PrimitiveQuery(PrimitiveQuery.Kind.READ_WRITE_WAITER, now, key.lockType(),
                key.key(), owner)).thenApply(reply -> (int) reply.value())
                .exceptionallyCompose(failure -> CompletableFuture.failedFuture(Failures.unwrap(failure)));
    }

    @Override
    protected boolean unlock(LockKey lockKey, String owner, AccessMode mode) {
        Command.Kind kind = mode == AccessMode.READ ? Command.Kind.UNLOCK_READ : Command.Kind.UNLOCK_WRITE;
        boolean released = log.commit(now -> new Command(kind, now, lockKey.lockType(), lockKey.key(), owner, null,
                0, 0)).yes();
        if (released) {
            watches.released(lockKey, owner);
        }
        return released;
    }

    @Override
    protected CompletableFuture<Handout> acquirePermits(LockKey lockKey, String holder, int permits, int capacity,
                                                        String sessionId, long wait, Consumer<ParkedCall> parking) {
        return acquire(lockKey, holder, sessionId, wait, Command.Kind.WITHDRAW_PERMITS,
                (id, now) -> Command.acquirePermits(now, lockKey.lockType(), lockKey.key(), holder, permits,
                        capacity, sessionId, id), parking, NOTHING_NOTED);
    }

    @Override
    public boolean releasePermits(String lockType, String key, String holder, int keep) {
        PrimitiveArguments.release(lockType, key, holder, keep);
        return log.commit(now -> new Command(Command.Kind.RELEASE_PERMITS, now, lockType, key, holder, null, keep,
                0)).yes();
    }

    @Override
    public int availablePermits(String lockType, String key) {
        LockKey.checked(lockType, key);
        return (int) read(now -> new PrimitiveQuery(PrimitiveQuery.Kind.AVAILABLE_PERMITS, now, lockType, key,
                null));
    }

    @Override
    public CompletableFuture<Handout> joinLeadershipAsync(String name, String participant, String sessionId,
                                                          long waitMillis) {
        LockKey key = PrimitiveArguments.leadership(name, participant);
        LockArguments.requireSessionId(sessionId);
        long wait = cappedWait(waitMillis);
        return acquire(key, participant, sessionId, wait, Command.Kind.WITHDRAW_LEADERSHIP,
                (id, now) -> new Command(Command.Kind.JOIN_LEADERSHIP, now, key.lockType(), name, participant,
                        sessionId, 0, id), NOT_WATCHED, NOTHING_NOTED);
    }

    @Override
    public boolean leaveLeadership(String name, String participant) {
        LockKey key = PrimitiveArguments.leadership(name, participant);
        return log.commit(now -> new Command(Command.Kind.LEAVE_LEADERSHIP, now, key.lockType(), name, participant,
                null, 0, 0)).yes();
    }

    @Override
    public long leadershipEpoch(String name, String participant) {
        PrimitiveArguments.leadership(name, participant);
        return read(now -> new PrimitiveQuery(PrimitiveQuery.Kind.LEADERSHIP_EPOCH, now, null, name, participant));
    }

    @Override
    public boolean forceReleaseReadWrite(String lockType, String key, long token) {
        LockKey lockKey = LockKey.checked(lockType, key);
        boolean released = operate(Command.Kind.FORCE_RELEASE_READ_WRITE, lockKey, 0,
                PrimitiveOperations.requireToken("token", token));
        watches.grantsEnded(lockKey);
        return released;
    }

    @Override
    public boolean forceReleasePermits(String lockType, String key, long token) {
        return operate(Command.Kind.FORCE_RELEASE_PERMITS, LockKey.checked(lockType, key), 0,
                PrimitiveOperations.requireToken("token", token));
    }

    @Override
    public boolean revokeLeadership(String name, long epoch) {
        return operate(Command.Kind.REVOKE_LEADERSHIP, Leaderships.key(LockArguments.requireName("name", name)), 0,
                PrimitiveOperations.requireToken("epoch", epoch));
    }

    @Override
    public void setCapacity(String lockType, String key, int capacity) {
        operate(Command.Kind.SET_CAPACITY, LockKey.checked(lockType, key),
                LockArguments.requirePermits("capacity", capacity, 1), 0);
    }

    private boolean operate(Command.Kind kind, LockKey key, long millis, long expected) {
        return log.commit(now -> new Command(kind, now, key.lockType(), key.key(), null, null, millis, expected))
                .yes();
    }

    private long read(LongFunction<PrimitiveQuery> query) {
        log.requireLeader();
        return log.await(log.read(query)).value();
    }

    /**
     * Proposes an acquisition. A call that may wait registers first (an answer may be applied before the proposer
     * hears back), ends with {@code null} when its wait is over, and then leaves the table's line through the log;
     * a grant that reaches it afterwards is given back.
     *
     * @param parking    hears of a call that may wait before it is proposed (the deadlock watch starts here)
     * @param whenParked told once the call has parked in the table's line (the read-write watches hear it here)
     */
    private CompletableFuture<Handout> acquire(LockKey key, String owner, String sessionId, long wait,
                                               Command.Kind withdrawal, Acquisition acquisition,
                                               Consumer<ParkedCall> parking, Runnable whenParked) {
        log.requireLeader();
        long id = wait > 0 ? waiters.nextId() : 0;
        ParkedCall call = new ParkedCall(id, key, System.nanoTime(), new CompletableFuture<>());
        AtomicBoolean mayBeInLine = new AtomicBoolean(id != 0);
        if (id != 0) {
            parking.accept(call);
            waiters.register(new Waiter(id, key, owner, 0, sessionId), call);
            var timeout = timer.schedule(() -> call.answer().complete(null), wait, TimeUnit.MILLISECONDS);
            call.answer().whenComplete((handout, failure) -> {
                timeout.cancel(false);
                if (handout == null && mayBeInLine.get() && log.isServing()) {
                    log.propose(now -> new Command(withdrawal, now, key.lockType(), key.key(), owner, sessionId,
                            0, id));
                }
            });
        }
        log.propose(now -> acquisition.at(id, now)).whenComplete((reply, failure) -> {
            if (failure != null) {
                call.answer().completeExceptionally(Failures.unwrap(failure));
                return;
            }
            mayBeInLine.set(reply.kind() == Reply.Kind.PARKED);
            if (reply.kind() == Reply.Kind.PARKED) {
                whenParked.run();
            }
            settle(call, key, owner, sessionId, reply);
        });
        return call.answer();
    }

    private void settle(ParkedCall call, LockKey key, String owner, String sessionId, Reply reply) {
        switch (reply.kind()) {
            case GRANTED -> {
                Handout handout = new Handout(new LockGrant(key.lockType(), key.key(), owner, reply.value(),
                        reply.lease()), reply.sequence());
                if (!call.answer().complete(handout)) {
                    releaseUndelivered.accept(handout); // the wait ended or the client left meanwhile
                }
            }
            case PARKED -> {
                // answered by an applied entry (TableWaiters) or by the end of its wait
            }
            case BUSY -> call.answer().complete(null);
            case SESSION_ENDED -> call.answer().completeExceptionally(Failures.sessionEnded(sessionId));
            case REFUSED -> call.answer().completeExceptionally(new AcquisitionRefusedException(reply.reason()));
            default -> call.answer().completeExceptionally(new IllegalStateException("unexpected " + reply));
        }
    }
}
