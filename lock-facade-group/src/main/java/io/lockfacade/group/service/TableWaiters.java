package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.server.service.ParkedCall;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.Waiter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The leader's calls of read-write locks, semaphores and leaderships that may wait in the replicated table's lines,
 * by the waiter id their command carries. The table decides who is served (writer preference, first come first
 * served permits, election order); applied entries name the calls they answered ({@link #answered}) and this class
 * completes them. A call registers before its command is proposed, so an answer applied before the proposer hears
 * back is never missed. An answer goes to a call only if the table's waiter is the very one the call registered
 * (id, key, owner and session), so a place in line left by another term's leader under the same id never reaches
 * it. A grant that finds no call (its wait ended, its client left, it was another term's) is given back at once.
 */
final class TableWaiters {

    /** A registered call and the waiter its command parks in the table. */
    private record Registered(Waiter waiter, ParkedCall call) {
    }

    private final Map<Long, Registered> calls = new ConcurrentHashMap<>();
    /** Starts from the clock so that ids of this run are unlike those of an earlier run of the member. */
    private final AtomicLong lastId = new AtomicLong(System.currentTimeMillis() << 10);
    private final Consumer<Handout> releaseUndelivered;

    /** @param releaseUndelivered gives back a grant whose call no longer waits for it */
    TableWaiters(Consumer<Handout> releaseUndelivered) {
        this.releaseUndelivered = releaseUndelivered;
    }

    /** @return an id for a new waiting call, unique on this member */
    long nextId() {
        return lastId.incrementAndGet();
    }

    /** Registers a call, which parks in the table as {@code waiter}, until it is answered. */
    void register(Waiter waiter, ParkedCall call) {
        Registered registered = new Registered(waiter, call);
        calls.put(waiter.id(), registered);
        call.answer().whenComplete((handout, failure) -> calls.remove(waiter.id(), registered));
    }

    /** Completes the calls an applied entry answered; gives back grants nobody waits for any more. */
    void answered(List<Effects.Handover> handovers) {
        for (Effects.Handover handover : handovers) {
            Registered registered = calls.get(handover.waiter().id());
            Handout handout = handover.handout();
            boolean taken = registered != null && registered.waiter().equals(handover.waiter())
                    && registered.call().answer().complete(handout);
            if (handout != null && !taken) {
                releaseUndelivered.accept(handout);
            }
        }
    }

    /** Fails every registered call: this member stopped leading, the new leader drops their places in line. */
    void failAll(NotLeaderException notLeader) {
        List<Registered> all = new ArrayList<>(calls.values());
        calls.clear();
        all.forEach(registered -> registered.call().answer().completeExceptionally(notLeader));
    }

    /** @return how many calls wait */
    int size() {
        return calls.size();
    }
}
