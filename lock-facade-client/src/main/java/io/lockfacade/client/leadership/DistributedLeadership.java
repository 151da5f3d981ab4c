package io.lockfacade.client.leadership;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.client.Leadership;
import io.lockfacade.client.PrimitiveObserver;
import io.lockfacade.client.distributed.NodeSessionView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One participant of a leadership across nodes.
 *
 * <p>A daemon thread ({@code lock-facade-elect-<participant>}) takes part on the master under the node's session and
 * waits to be elected, as a series of parked {@code joinLeadership} calls of at most the remote wait cap; once
 * elected it asks the master every tenth of the session TTL whether it still leads (an operator may revoke it).
 *
 * <p><b>Never a stale leader.</b> {@link #isLeader()} is computed when asked: it is {@code true} only while the
 * node's session was confirmed by a keep-alive that started less than {@code TTL - margin} ago, the margin being a
 * tenth of the TTL. The master counts the TTL from when that keep-alive <em>arrived</em>, so the node stops leading
 * at least a tenth of the TTL before the master can elect anybody else; the margin absorbs clock rate differences
 * between node and master and leaves that much time between a {@code true} answer and the action it guards (a
 * frozen or partitioned node is therefore never a leader when another one is). A term that ends so is also left
 * on the master (if it answers), so the next participant leads at once, and this one joins again at the back.
 *
 * <p>{@link #close()} leaves on the caller's thread: the next participant leads at once.
 */
final class DistributedLeadership implements Leadership {

    private static final Logger log = LoggerFactory.getLogger(DistributedLeadership.class);
    private static final long MARGIN_DIVISOR = 10;
    private static final long RETRY_MILLIS = 500;

    /** A term: its epoch and the session it was won under. */
    private record Term(long epoch, String sessionId) {
    }

    private final String name;
    private final String participant;
    private final PrimitiveLockService master;
    private final NodeSessionView session;
    private final long waitCapMillis;
    private final ListenerThread listener;
    private final PrimitiveObserver observer;
    private final Consumer<DistributedLeadership> onClose;
    private final AtomicReference<Term> term = new AtomicReference<>();
    private final Thread waiter;
    private volatile ScheduledFuture<?> deadlineCheck;
    private volatile boolean closed;

    DistributedLeadership(String name, String participant, PrimitiveLockService master, NodeSessionView session,
                          long waitCapMillis, ListenerThread listener, PrimitiveObserver observer,
                          Consumer<DistributedLeadership> onClose) {
        this.name = name;
        this.participant = participant;
        this.master = master;
        this.session = session;
        this.waitCapMillis = waitCapMillis;
        this.listener = listener;
        this.observer = observer;
        this.onClose = onClose;
        this.waiter = new Thread(this::takePart, "lock-facade-elect-" + participant);
        this.waiter.setDaemon(true);
    }

    void start() {
        waiter.start();
    }

    @Override
    public boolean isLeader() {
        Term current = term.get();
        return current != null && stillConfirmed(current);
    }

    @Override
    public long epoch() {
        Term current = term.get();
        return current != null && stillConfirmed(current) ? current.epoch() : -1;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Term current = term.get();
        if (current != null) {
            endTerm(current, "left");
        }
        leaveQuietly(); // hands over at once; also answers this participant's parked call
        waiter.interrupt();
        listener.close();
        onClose.accept(this);
    }

    @Override
    public String toString() {
        return "participant " + participant + " of leadership " + name;
    }

    private boolean stillConfirmed(Term current) {
        return session.confirmed(current.sessionId())
                .map(c -> session.nanoTime() - (c.untilNanos() - marginNanos(c.ttlMillis())) < 0)
                .orElse(false);
    }

    /** @return the margin by which the node stops leading before its session's TTL, on its own clock */
    static long marginNanos(long ttlMillis) {
        return TimeUnit.MILLISECONDS.toNanos(ttlMillis) / MARGIN_DIVISOR;
    }

    private void takePart() {
        while (!closed) {
            try {
                Term current = term.get();
                if (current == null) {
                    waitToLead();
                } else {
                    watch(current);
                }
            } catch (InterruptedException e) {
                // closed, or the term ended on the deadline check: go round again
            } catch (RuntimeException e) {
                log.warn("{}: {}; trying again in {} ms", this, e.toString(), RETRY_MILLIS);
                pause(RETRY_MILLIS);
            }
        }
        Thread.interrupted(); // close() interrupts a pause; the last call must still go out
        leaveQuietly(); // a call that raced with close() may have joined again
    }

    private void waitToLead() {
        String sessionId = session.liveSessionId();
        LockGrant grant;
        try {
            grant = master.joinLeadership(name, participant, sessionId, waitCapMillis);
        } catch (SessionExpiredException e) {
            session.ended(sessionId, e.getMessage());
            return;
        }
        if (grant == null || closed) {
            return;
        }
        Term won = new Term(grant.getFencingToken(), sessionId);
        if (!stillConfirmed(won)) {
            log.warn("{} was elected under epoch {}, but its session is not confirmed for long enough; handing over",
                    this, won.epoch());
            leaveQuietly();
            return;
        }
        term.set(won);
        observer.elected(name);
        listener.elected(won.epoch());
        long period = Math.max(1, marginNanos(session.confirmed(sessionId).map(c -> c.ttlMillis()).orElse(1_000L)));
        deadlineCheck = listener.every(period, () -> {
            if (term.get() == won && !stillConfirmed(won)) {
                endTerm(won, "the node's session was not confirmed for its TTL less the margin");
            }
        });
    }

    private void watch(Term current) throws InterruptedException {
        long ttlMillis = session.confirmed(current.sessionId()).map(c -> c.ttlMillis()).orElse(0L);
        if (ttlMillis == 0 || !stillConfirmed(current)) {
            endTerm(current, "the node's session was not confirmed for its TTL less the margin");
            leaveQuietly();
            return;
        }
        TimeUnit.NANOSECONDS.sleep(marginNanos(ttlMillis));
        if (term.get() != current) {
            leaveQuietly(); // ended on the deadline check: let the master hand over now
            return;
        }
        long epochOnMaster = master.leadershipEpoch(name, participant);
        if (epochOnMaster != current.epoch()) {
            endTerm(current, "the master no longer counts it the leader (revoked, or its session ended)");
        }
    }

    private void endTerm(Term ended, String reason) {
        if (term.compareAndSet(ended, null)) {
            ScheduledFuture<?> check = deadlineCheck;
            if (check != null) {
                check.cancel(false);
            }
            log.info("{} no longer leads (epoch {}): {}", this, ended.epoch(), reason);
            observer.revoked(name);
            listener.revoked();
        }
    }

    private void leaveQuietly() {
        try {
            master.leaveLeadership(name, participant);
        } catch (RuntimeException e) {
            log.debug("{} could not leave; it ends with the node's session: {}", this, e.toString());
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
