package io.lockfacade.group.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.group.raft.CommandBatch;
import io.lockfacade.group.raft.GroupEvents;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;
import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.ParkedCall;
import io.lockfacade.server.service.ParkedCallTimer;
import io.lockfacade.server.service.ParkingLockService;
import io.lockfacade.server.service.ParkingPrimitiveService;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.Waiter;
import io.lockfacade.server.table.YieldRule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * The lock service of one master-group member. On the leader every call becomes a {@link Command} appended to the
 * Raft log and answered once applied; a busy acquisition parks on the leader ({@link LeaderWaiters}, no thread per
 * waiter). On any other member, and on a leader that cannot commit, every call fails at once with
 * {@link NotLeaderException} naming the leader, and nothing changes. {@link #isLockTypeEmpty} is a linearizable
 * read: the query travels through the log.
 *
 * <p>A new leader serves only once its term-start entry is applied: that entry extends every session and lease by
 * its own length, so a failover never costs a live holder its lock. Parked calls fail with
 * {@link NotLeaderException} the moment this member stops leading; the caller asks the new leader, and since every
 * call is idempotent per owner, nothing is granted twice.
 */
public final class GroupMemberLockService implements ParkingLockService, GroupEvents, AutoCloseable {

    /** Name of this member's thread for leader duties and parked-call timers. */
    public static final String LEADER_THREAD = "lock-facade-group-leader";

    /** Longest a call waits for a new leader's term-start entry, or for the log to commit and apply it. */
    public static final Duration COMMIT_TIMEOUT = Duration.ofSeconds(3);

    /**
     * Longest a call waits at a leader whose term has not started yet (elected, term-start entry not yet in the
     * log) before it is answered "not leader" and the caller asks again. Shorter than the Java client's 2 s
     * attempt timeout, so a slow start never makes a client take the new leader for a silent one and skip it.
     */
    public static final Duration TERM_START_WAIT = Duration.ofSeconds(1);

    private final GroupMember member;
    private final MasterSettings settings;
    private final ReplicatedLockTable table;
    private final LeaderProposer log;
    private final ScheduledExecutorService leaderThread;
    private final LeaderWaiters waiters;
    private final TableWaiters tableWaiters;
    private final GroupPrimitives primitives;
    private final LeaderDuties duties;
    private final GroupDeadlocks deadlocks;
    private final EarlyReleases earlyReleases;

    /**
     * Attaches a service to a started member; it receives the member's events from now on.
     *
     * @param member   the member
     * @param settings default lease and wait cap
     */
    public GroupMemberLockService(GroupMember member, MasterSettings settings) {
        this.member = member;
        this.settings = settings;
        this.table = member.stateMachine().table();
        ScheduledThreadPoolExecutor executor = ParkedCallTimer.start(LEADER_THREAD);
        this.log = new LeaderProposer(member, COMMIT_TIMEOUT, TERM_START_WAIT, executor);
        this.leaderThread = executor;
        this.waiters = new LeaderWaiters(this::askAgain, this::releaseUndelivered,
                key -> table.holder(key) == null, member.stateMachine().lockEvents());
        this.tableWaiters = new TableWaiters(this::releaseUndelivered);
        this.deadlocks = new GroupDeadlocks(table, executor);
        this.primitives = new GroupPrimitives(settings, log, executor, tableWaiters, this::releaseUndelivered,
                deadlocks);
        this.earlyReleases = new EarlyReleases(table, log, waiters::waitingFor);
        this.duties = new LeaderDuties(executor, table, log::submitNow, log::startTerm, member::isLeader,
                member::isLeaderReady, log::isServing);
        member.stateMachine().setEvents(this);
        duties.start();
        if (member.isLeader()) {
            leaderReady();
        }
    }

    @Override
    public CompletableFuture<Handout> tryLockAsync(String lockType, String key, String owner, long leaseMillis,
                                                   long waitMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        long lease = settings.leaseFor(leaseMillis);
        long wait = settings.waitFor(waitMillis);
        return acquire(new Waiter(waiters.nextId(), lockKey, owner, lease, null), wait);
    }

    @Override
    public CompletableFuture<Handout> tryLockInSessionAsync(String lockType, String key, String owner,
                                                            String sessionId, long waitMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        LockArguments.requireSessionId(sessionId);
        long wait = settings.waitFor(waitMillis);
        return acquire(new Waiter(waiters.nextId(), lockKey, owner, 0, sessionId), wait);
    }

    /**
     * {@link #tryLockInSessionAsync} of a thread that holds {@code heldLocks}, checked for a deadlock on this leader
     * once it has waited {@code deadlockCheckMillis} (as on the single master). A thread that holds nothing cannot
     * be part of a cycle: its call is not watched.
     */
    @Override
    public CompletableFuture<Handout> tryLockInSessionHoldingAsync(String lockType, String key, String owner,
                                                                   String sessionId, long waitMillis,
                                                                   String heldLocks, long deadlockCheckMillis) {
        HoldingCall checked = HoldingCall.checked(lockType, key, owner, sessionId, heldLocks, deadlockCheckMillis);
        long wait = settings.waitFor(waitMillis);
        Waiter asked = new Waiter(waiters.nextId(), checked.lockKey(), owner, 0, sessionId);
        return checked.holdsNothing() ? acquire(asked, wait)
                : acquire(asked, wait, call -> deadlocks.watch(call, owner, checked));
    }

    /** @return the deadlocks this member found while it led, and the waits it watches now */
    public DeadlockDetector deadlocks() {
        return deadlocks.detector();
    }

    private CompletableFuture<Handout> acquire(Waiter asked, long wait) {
        return acquire(asked, wait, call -> { });
    }

    /**
     * Asks for the lock, and parks the call behind the calls that wait for it if it may wait; {@code beforeAsking}
     * sees the call first.
     */
    private CompletableFuture<Handout> acquire(Waiter asked, long wait, Consumer<ParkedCall> beforeAsking) {
        log.requireLeader();
        LockKey key = asked.lockKey();
        ParkedCall call = new ParkedCall(asked.id(), key, System.nanoTime(), new CompletableFuture<>());
        beforeAsking.accept(call);
        boolean queueBehind = wait > 0 && waiters.hasWaiters(key) && !asked.owner().equals(table.holder(key));
        if (queueBehind) {
            park(asked, call, wait);
            return call.answer();
        }
        askAgain(asked).whenComplete((attempt, failure) -> {
            if (attempt instanceof LeaderWaiters.Attempt.Granted granted) {
                if (!call.answer().complete(granted.handout())) {
                    releaseUndelivered(granted.handout()); // the caller went away meanwhile
                }
            } else if (attempt instanceof LeaderWaiters.Attempt.Failed failed) {
                call.answer().completeExceptionally(failed.failure());
            } else if (wait > 0) {
                park(asked, call, wait);
            } else {
                call.answer().complete(null);
            }
        });
        return call.answer();
    }

    private void park(Waiter waiter, ParkedCall call, long wait) {
        var timeout = leaderThread.schedule(() -> call.answer().complete(null), wait, TimeUnit.MILLISECONDS);
        call.answer().whenComplete((handout, failure) -> timeout.cancel(false));
        waiters.park(waiter, call);
        if (!log.isServing()) {
            // Stepped down while the call was being answered busy: no one would wake it.
            waiters.failAll(log.notLeader());
        }
    }

    /** Proposes a (parked or new) acquisition; the future never fails, failures are an {@code Attempt}. */
    private CompletableFuture<LeaderWaiters.Attempt> askAgain(Waiter asked) {
        return log.propose(now -> acquisition(asked, now)).handle((reply, failure) -> failure != null
                ? new LeaderWaiters.Attempt.Failed(Failures.unwrap(failure)) : attempt(asked, reply));
    }

    /** @return the command that asks for the lock for {@code waiter}, at the leader's time {@code now} */
    private static Command acquisition(Waiter waiter, long now) {
        LockKey key = waiter.lockKey();
        return waiter.sessionId() == null
                ? Command.onLock(Command.Kind.TRY_LOCK, now, key.lockType(), key.key(), waiter.owner(),
                        waiter.leaseMillis())
                : new Command(Command.Kind.TRY_LOCK_IN_SESSION, now, key.lockType(), key.key(), waiter.owner(),
                        waiter.sessionId(), 0, 0);
    }

    /** @return what an applied acquisition means for the call that asked it */
    private static LeaderWaiters.Attempt attempt(Waiter asked, Reply reply) {
        LockKey key = asked.lockKey();
        return switch (reply.kind()) {
            case GRANTED -> new LeaderWaiters.Attempt.Granted(new Handout(new LockGrant(key.lockType(), key.key(),
                    asked.owner(), reply.value(), reply.lease()), reply.sequence()));
            case BUSY -> new LeaderWaiters.Attempt.Busy();
            case SESSION_ENDED -> new LeaderWaiters.Attempt.Failed(Failures.sessionEnded(asked.sessionId()));
            default -> new LeaderWaiters.Attempt.Failed(new IllegalStateException("unexpected " + reply));
        };
    }

    /**
     * Releases a lock. When calls wait for it, the release and the oldest waiter's acquisition travel in one log
     * entry ({@link CommandBatch}): the lock changes hands in one replication round instead of two. The waiter is
     * answered on this call's own thread, which waits for the entry anyway: the endpoint then writes its grant
     * before this call's reply, with no container thread to wake for it.
     */
    @Override
    public boolean unlock(String lockType, String key, String owner) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        LongFunction<Command> release = now -> Command.onLock(Command.Kind.UNLOCK, now, lockType, key, owner, 0);
        log.requireLeader();
        Waiter next = owner.equals(table.holder(lockKey)) ? waiters.claimHandoff(lockKey) : null;
        if (next == null) {
            return log.commit(release).yes();
        }
        CompletableFuture<List<Reply>> both = log.proposeBatch(now -> new CommandBatch(List.of(release.apply(now),
                acquisition(next, now))));
        List<Reply> replies;
        try {
            replies = log.await(both);
        } catch (RuntimeException failure) {
            waiters.handOff(next, CompletableFuture.completedFuture(new LeaderWaiters.Attempt.Failed(failure)));
            throw failure;
        }
        waiters.handOff(next, CompletableFuture.completedFuture(attempt(next, replies.get(1))));
        return replies.get(0).yes();
    }

    /** Answered before the release is durable when {@link EarlyReleases} may, else as {@link #unlock}. */
    @Override
    public long unlockEarly(String lockType, String key, String owner) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        OptionalLong early = earlyReleases.unlockEarly(lockKey, owner);
        if (early.isPresent()) {
            return early.getAsLong();
        }
        return unlock(lockType, key, owner) ? UNLOCK_RELEASED : UNLOCK_NOT_HELD;
    }

    @Override
    public int settleReleases(String owner, String grants) {
        return earlyReleases.settle(owner, grants);
    }

    /**
     * Applies {@link YieldRule} to the applied table's holder and the calls parked on this leader (waiting calls
     * park only on the leader, so this member sees all of them); a release goes through {@link #unlock}, which
     * hands the lock to the oldest of them.
     */
    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        log.requireLeader();
        YieldOutcome decided = YieldRule.decide(owner.equals(table.holder(lockKey)), waiters.waitingFor(lockKey) > 0);
        if (decided != YieldOutcome.RELEASED) {
            return decided;
        }
        return unlock(lockType, key, owner) ? YieldOutcome.RELEASED : YieldOutcome.NOT_HELD;
    }

    /** Answered by the leader alone, from its own parked calls (waiting calls park on the leader). */
    @Override
    public boolean hasWaiters(String lockType, String key) {
        LockKey lockKey = LockKey.checked(lockType, key);
        log.requireLeader();
        return waiters.waitingFor(lockKey) > 0;
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        long lease = settings.leaseFor(leaseMillis);
        return log.commit(now -> Command.onLock(Command.Kind.RENEW, now, lockType, key, owner, lease)).yes();
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        String type = LockArguments.requireName("lockType", lockType);
        log.requireLeader();
        return log.await(log.read(type)).yes();
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        LockArguments.requireSessionId(sessionId);
        long ttl = settings.sessionTtlFor(ttlMillis);
        Reply reply = log.commit(now -> Command.onSession(Command.Kind.OPEN_SESSION, now, sessionId, ttl));
        if (reply.kind() == Reply.Kind.SESSION_ENDED) {
            throw Failures.sessionEnded(sessionId);
        }
        return reply.value();
    }

    @Override
    public long keepAliveSession(String sessionId) {
        LockArguments.requireSessionId(sessionId);
        return log.commit(now -> Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, now, sessionId, 0)).value();
    }

    @Override
    public boolean closeSession(String sessionId) {
        LockArguments.requireSessionId(sessionId);
        return log.commit(now -> Command.onSession(Command.Kind.CLOSE_SESSION, now, sessionId, 0)).yes();
    }

    /**
     * Removes a lock whoever holds it (an operator's removal), through the log.
     *
     * @param token the token the operator saw, or 0 to remove whatever grant holds the lock
     * @return whether a lock was removed
     * @throws NotLeaderException if this member is not the leader
     */
    public boolean forceRemove(String lockType, String key, long token) {
        LockKey.checked(lockType, key);
        return log.commit(now -> Command.onLock(Command.Kind.FORCE_REMOVE, now, lockType, key, null, 0)
                .expecting(token)).yes();
    }

    @Override
    public void releaseUndelivered(Handout handout) {
        LockGrant grant = handout.grant();
        log.propose(now -> Command.onLock(Command.Kind.RELEASE_UNDELIVERED, now, grant.getLockType(), grant.getKey(),
                grant.getOwner(), handout.sequence()).expecting(grant.getFencingToken()));
    }

    /** Read-write locks, semaphores and leaderships, through the same log and leader as locks. */
    @Override
    public Optional<ParkingPrimitiveService> primitives() {
        return Optional.of(primitives);
    }

    @Override
    public MasterSettings settings() {
        return settings;
    }

    /** @return the member this service runs on */
    public GroupMember member() {
        return member;
    }

    /** @return how many acquisitions are parked on this member, of locks and of primitives */
    public int parkedCalls() {
        return waiters.size() + tableWaiters.size();
    }

    // ---- events from the state machine (jgroups-raft's threads: never block) ----

    @Override
    public void applied(Command command, Applied applied, long index) {
        if (member.isLeader() && applied.freed().stream().anyMatch(waiters::awaitsProposal)) {
            leaderThread.execute(() -> applied.freed().forEach(waiters::freed));
        }
        if (member.isLeader() && !applied.answered().isEmpty()) {
            leaderThread.execute(() -> tableWaiters.answered(applied.answered()));
        }
    }

    /**
     * Elected: calls wait at the gate from now on, and go through once the term-start entry is in the log; the
     * leader thread appends that entry.
     */
    @Override
    public void leaderReady() {
        log.leading();
        duties.startTerm();
    }

    @Override
    public void notLeader() {
        stepDown();
    }

    private void stepDown() {
        NotLeaderException notLeader = log.notLeader();
        log.stoppedLeading(notLeader);
        waiters.failAll(notLeader);
        tableWaiters.failAll(notLeader);
    }

    /** Stops the leader thread; parked calls fail with {@link NotLeaderException}. */
    @Override
    public void close() {
        stepDown();
        leaderThread.shutdownNow();
    }

    // ---- for the admin pages (GroupAdminSource): reads only, nothing here proposes ----

    /** @return how many acquisitions are parked on this member for one lock (0 on a follower) */
    public int waitingFor(LockKey key) {
        return waiters.waitingFor(key);
    }
}
