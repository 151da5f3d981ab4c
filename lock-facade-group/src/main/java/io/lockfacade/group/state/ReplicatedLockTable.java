package io.lockfacade.group.state;

import io.lockfacade.api.LockGrant;
import io.lockfacade.server.expiry.ExpiryIndex;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.Leaderships;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.LockView;
import io.lockfacade.server.table.Moment;
import io.lockfacade.server.table.Outcome.AlreadyHeld;
import io.lockfacade.server.table.Outcome.Granted;
import io.lockfacade.server.table.Outcome.Released;
import io.lockfacade.server.table.Outcome.Renewed;
import io.lockfacade.server.table.Outcome.SessionGone;
import io.lockfacade.server.table.PrimitiveOutcome;
import io.lockfacade.server.table.PrimitivesListing;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;
import io.lockfacade.server.table.SessionOutcome;
import io.lockfacade.server.table.TableSnapshot;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * The master group's lock and session table: the single master's {@link LockMachine}, driven by log entries. Every
 * replica applies the same {@link Command}s in log order and ends in the same state, because the machine is
 * deterministic and everything it is given comes from the entry: the time is the leader's (carried by each
 * command, never allowed to go back) and the fencing-token floor is the entry's log index, so tokens strictly
 * increase across leaders and restarts.
 *
 * <p>Waiting is not part of this table: an acquisition never parks in the machine (a busy lock answers
 * {@link Reply.Kind#BUSY}), and the leader parks the caller and asks again when {@link Applied#freed()} names the
 * lock. Expiry costs what is due: an {@link ExpiryIndex} kept from the outcomes names the leases and sessions an
 * {@link Command.Kind#EXPIRE_DUE} entry visits.
 *
 * <p>Every moment the machine is given, reads included, is the table's clock, which never goes back: the machine
 * records what it once saw run out (a lapse is final), so a moment past the clock, or before it, could let one
 * replica see what another never does.
 *
 * <p>Thread-safe: applies come from one thread; reads from any thread go to the machine, which is safe for
 * concurrent use, and see every applied entry.
 */
public final class ReplicatedLockTable {

    /**
     * The slot width of the expiry index: {@link #hasDue} reports a deadline at the end of its slot, at most this
     * much after it (an acquisition frees an expired lock on the spot, whatever the slot).
     */
    public static final Duration EXPIRY_TICK = Duration.ofMillis(20);

    private volatile LockMachine machine = new LockMachine();
    private volatile ExpiryIndex expiry = ExpiryIndex.singleWriter(EXPIRY_TICK);
    private volatile long clock;

    /**
     * Applies one command.
     *
     * @param command what to do, with the leader's time
     * @param index   the log index of the entry carrying it: the least fencing token a grant made by it may carry
     * @return the answer and the locks freed
     */
    public synchronized Applied apply(Command command, long index) {
        clock = Math.max(clock, command.time());
        Moment m = new Moment(nanos(clock), index);
        AppliedEffects fx = new AppliedEffects(expiry);
        Reply outcome = switch (command.kind()) {
            case TRY_LOCK -> acquire(command, null, m, fx);
            case TRY_LOCK_IN_SESSION -> acquire(command, command.sessionId(), m, fx);
            case UNLOCK -> Reply.of(fx.lock(machine.release(lockKey(command), command.owner(), m))
                    instanceof Released);
            case RELEASE_GRANT -> Reply.of(fx.lock(machine.releaseGrant(lockKey(command), command.owner(),
                    command.expected(), m)) instanceof Released);
            case RENEW -> Reply.of(fx.lock(machine.renew(lockKey(command), command.owner(), command.millis(), m))
                    instanceof Renewed);
            case OPEN_SESSION -> openSession(command, m, fx);
            case KEEP_ALIVE_SESSION -> fx.session(machine.sessions().keepAlive(command.sessionId(), m),
                    command.sessionId()) instanceof SessionOutcome.Alive alive ? Reply.number(alive.forceRemovals())
                    : Reply.number(-1);
            case CLOSE_SESSION -> Reply.of(fx.session(machine.sessions().end(command.sessionId(),
                    Effects.Cause.RELEASED, m), command.sessionId()) instanceof SessionOutcome.Ended);
            case FORCE_REMOVE -> Reply.of(fx.lock(machine.forceRemove(lockKey(command), command.expected() == 0
                    ? OptionalLong.empty() : OptionalLong.of(command.expected()), m))
                    instanceof Released);
            case EXPIRE_DUE -> Reply.number(expireDue(m, fx));
            case TERM_START -> termStart(m, fx);
            case RELEASE_UNDELIVERED -> releaseUndelivered(command, m, fx);
            default -> PrimitiveCommands.apply(machine, command, m, fx);
        };
        endLapsedSessions(m, fx);
        return new Applied(outcome, fx.freed(), fx.answered(), fx.endings());
    }

    /**
     * A new leader starts: the calls parked in the table (by read-write locks, semaphores and leaderships) waited on
     * the old leader, which failed them when it stepped down, so they leave their lines; then every session and lease
     * is extended by its own length.
     */
    private Reply termStart(Moment m, AppliedEffects fx) {
        machine.dropWaiters();
        return Reply.number(machine.extendAll(m, (id, alive) -> fx.session(alive, id), fx::lock));
    }

    /**
     * Releases an undelivered grant: a lock's, or else a read-write lock's, a semaphore's or a leadership's (tokens
     * are unique across the table), as the single master does.
     */
    private Reply releaseUndelivered(Command command, Moment m, AppliedEffects fx) {
        Handout handout = undelivered(command);
        if (fx.lock(machine.releaseUndelivered(handout, m)) instanceof Released) {
            return Reply.of(true);
        }
        return Reply.of(fx.primitive(machine.releaseUndeliveredPrimitive(handout, m))
                instanceof PrimitiveOutcome.Released);
    }

    /**
     * Ends every session that lost a lock to expiry in this command (an access that found its lock run out frees
     * only that lock), with the rest of its locks: a session is whole or ended, so a term start, which revives a
     * session whose time ran out, never revives one that is a lock short.
     */
    private void endLapsedSessions(Moment m, AppliedEffects fx) {
        String id;
        while ((id = fx.nextLapsedSession()) != null) {
            fx.session(machine.sessions().expire(id, m), id);
        }
    }

    private Reply acquire(Command command, String sessionId, Moment m, AppliedEffects fx) {
        var outcome = fx.lock(machine.acquire(lockKey(command), command.owner(),
                command.millis(), sessionId, 0, m));
        if (outcome instanceof Granted granted) {
            return Reply.granted(granted.handout());
        } else if (outcome instanceof AlreadyHeld again) {
            return Reply.granted(again.handout());
        } else if (outcome instanceof SessionGone) {
            return Reply.of(Reply.Kind.SESSION_ENDED);
        }
        return Reply.of(Reply.Kind.BUSY);
    }

    private static Handout undelivered(Command command) {
        LockGrant grant = new LockGrant(command.lockType(), command.key(), command.owner(), command.expected(), 0);
        return new Handout(grant, (int) command.millis());
    }

    private Reply openSession(Command command, Moment m, AppliedEffects fx) {
        SessionOutcome outcome = fx.session(machine.sessions().open(command.sessionId(), command.millis(), m),
                command.sessionId());
        return outcome instanceof SessionOutcome.Alive alive ? Reply.number(alive.ttlMillis())
                : Reply.of(Reply.Kind.SESSION_ENDED);
    }

    /**
     * Visits the sessions and leases that may have ended by the table's clock: every slot of the index that holds a
     * deadline at or before it, the slot the clock is in included. Each visit runs at the clock, so what ends is
     * exactly what ran out by then, whichever visits a replica's index holds (a visit left from an earlier deadline
     * only re-checks); what a visit finds alive is scheduled again.
     *
     * @return how many sessions and grants ended
     */
    private int expireDue(Moment m, AppliedEffects fx) {
        long through = m.nanos() + EXPIRY_TICK.toNanos() - 1;
        int[] ended = new int[1];
        expiry.drainDue(through, id -> {
            if (fx.session(machine.sessions().expire(id, m), id) instanceof SessionOutcome.Ended) {
                ended[0]++;
            }
        }, (key, token) -> {
            if (fx.lock(machine.expire(key, token, m)) instanceof Released) {
                ended[0]++;
            }
        });
        return ended[0];
    }

    /**
     * @param lockType a lock type
     * @return whether no lock of that type is held; a lock whose time ran out counts until an entry frees it
     *         (an acquisition, or the leader's next {@link Command.Kind#EXPIRE_DUE}), as on the single master
     */
    public boolean isTypeEmpty(String lockType) {
        return machine.isTypeEmpty(lockType);
    }

    /**
     * @return the answer of a read of a primitive, see {@link PrimitiveQuery}; changes nothing, so a time past the
     *         clock is safe here
     */
    public Reply answer(PrimitiveQuery query) {
        return switch (query.kind()) {
            case AVAILABLE_PERMITS -> Reply.number(machine.semaphores().describe(
                    new LockKey(query.lockType(), query.key())).map(SemaphoreView::available).orElse(-1));
            case LEADERSHIP_EPOCH -> Reply.number(machine.leaderships().standing(Leaderships.key(query.key()),
                    query.who(), nanos(Math.max(clock, query.time()))));
            case READ_WRITE_WAITER -> Reply.number(machine.readWriteLocks().waiterStanding(
                    new LockKey(query.lockType(), query.key()), query.who()));
        };
    }

    /** @return whether some lease or session has ended by {@code now} and waits for {@link Command.Kind#EXPIRE_DUE} */
    public boolean hasDue(long now) {
        long at = nanos(Math.max(clock, now));
        return expiry.nextDeadlineNanos(at) <= at;
    }

    /**
     * @return the owner of the lock at {@code key} at the table's clock, or null if it is free. Read at the clock
     *         of the entries applied, never later: what this reads must be what every replica reads
     */
    public String holder(LockKey key) {
        return machine.describe(key, nanos(clock)).map(LockView::owner).orElse(null);
    }

    /** @return every read-write lock, semaphore and leadership of the applied table, for operators */
    public PrimitivesListing primitives() {
        return PrimitivesListing.of(machine);
    }

    /** @return the last fencing token the table issued (the next grant's is greater) */
    public long lastToken() {
        return machine.lastToken();
    }

    /**
     * @return the fencing token of the lock's grant at the table's clock, empty if it is free; read under the
     *         table's lock, so never half-way through an apply
     */
    public synchronized OptionalLong tokenOf(LockKey key) {
        return machine.describe(key, nanos(clock)).map(view -> OptionalLong.of(view.fencingToken()))
                .orElse(OptionalLong.empty());
    }

    /**
     * @return the fencing token of the grant {@code owner} holds on the lock at the table's clock, empty if it holds
     *         none; read under the table's lock, so owner and token are of the same grant
     */
    public synchronized OptionalLong tokenHeldBy(LockKey key, String owner) {
        return machine.describe(key, nanos(clock)).filter(view -> view.owner().equals(owner))
                .map(view -> OptionalLong.of(view.fencingToken())).orElse(OptionalLong.empty());
    }

    /** @return a consistent picture of the read-write lock as applied, empty if it has no state */
    public Optional<ReadWriteView> readWrite(LockKey key) {
        return machine.readWriteLocks().describe(key);
    }

    /** @return a consistent picture of the semaphore as applied, empty if it has no state */
    public Optional<SemaphoreView> semaphore(LockKey key) {
        return machine.semaphores().describe(key);
    }

    /** @return how many locks the table holds (live or waiting for expiry) */
    public int size() {
        return machine.size();
    }

    /** @return the table's clock: the latest leader time it applied */
    public long clock() {
        return clock;
    }

    /** @return a copy of the state, see {@link TableImage}; taken between applies */
    public synchronized TableImage image() {
        return new TableImage(clock, machine.snapshot());
    }

    /** Replaces the whole state with a snapshot's, and schedules the expiry visits of its leases and sessions. */
    public synchronized void restore(TableImage image) {
        ExpiryIndex rebuilt = ExpiryIndex.singleWriter(EXPIRY_TICK);
        TableSnapshot table = image.table();
        table.sessions().forEach(session -> rebuilt.sessionOpen(session.id(), session.endNanos()));
        for (TableSnapshot.LockEntry lock : table.locks()) {
            rebuilt.granted(new LockView(lock.lockKey(), lock.owner(), lock.fencingToken(), lock.acquiredAtNanos(),
                    lock.leaseMillis(), lock.deadlineNanos(), lock.sessionId(), lock.waiters().size()));
        }
        machine = LockMachine.restore(table);
        expiry = rebuilt;
        clock = image.clock();
    }

    private static LockKey lockKey(Command command) {
        return new LockKey(command.lockType(), command.key());
    }

    /** Leader time (epoch millis) on the machine's axis. */
    private static long nanos(long epochMillis) {
        return TimeUnit.MILLISECONDS.toNanos(epochMillis);
    }
}
