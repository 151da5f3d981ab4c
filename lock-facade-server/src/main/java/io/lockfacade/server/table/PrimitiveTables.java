package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.List;

/**
 * The read-write locks, semaphores and leaderships of one {@link LockMachine}: the three tables, found by the kind a
 * session's holding names, and their part of the machine's snapshot.
 */
final class PrimitiveTables {

    final ReadWriteLocks readWriteLocks;
    final Semaphores semaphores;
    final Leaderships leaderships;

    PrimitiveTables(Ledger ledger, LockMachine machine) {
        this.readWriteLocks = new ReadWriteLocks(ledger, machine);
        this.semaphores = new Semaphores(ledger, machine);
        this.leaderships = new Leaderships(ledger, machine);
    }

    /** @return the table that holds keys of that kind */
    PrimitiveTable<?, ?> of(SessionHolding.Kind kind) {
        return switch (kind) {
            case READ_WRITE -> readWriteLocks;
            case SEMAPHORE -> semaphores;
            case LEADERSHIP -> leaderships;
        };
    }

    /**
     * Releases an undelivered grant in whichever table holds a grant of that token on {@code key} (tokens are unique,
     * so at most one does). Every table visited frees its lapsed grants on the way, so the effects of all are kept.
     */
    PrimitiveOutcome releaseUndelivered(LockKey key, long token, Moment m) {
        List<Effects.Ending> endings = new ArrayList<>();
        List<Effects.Handover> handovers = new ArrayList<>();
        boolean released = false;
        for (SessionHolding.Kind kind : SessionHolding.Kind.values()) {
            PrimitiveOutcome outcome = of(kind).releaseUndelivered(key, token, m);
            endings.addAll(outcome.effects().endings());
            handovers.addAll(outcome.effects().handovers());
            released |= outcome instanceof PrimitiveOutcome.Released;
        }
        Effects effects = endings.isEmpty() && handovers.isEmpty() ? Effects.NONE : new Effects(endings, handovers);
        return released ? new PrimitiveOutcome.Released(effects) : new PrimitiveOutcome.NotHolder(effects);
    }

    PrimitivesSnapshot snapshot() {
        return new PrimitivesSnapshot(readWriteLocks.snapshot(), semaphores.snapshot(), leaderships.snapshot());
    }

    /** Takes a snapshot's primitives; the sessions they name must be restored already. */
    void restore(PrimitivesSnapshot snapshot) {
        readWriteLocks.restore(snapshot.readWriteLocks());
        semaphores.restore(snapshot.semaphores());
        leaderships.restore(snapshot.leaderships());
    }
}
