package io.lockfacade.server.table;

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
