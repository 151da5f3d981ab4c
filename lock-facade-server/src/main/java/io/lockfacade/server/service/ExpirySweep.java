package io.lockfacade.server.service;

import io.lockfacade.server.expiry.ExpiryIndex;
import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.Moment;

/**
 * What the reaper runs: the expiry visits that are due, sessions first, then grants with a lease of their own.
 * Each visit is a transition of the table, which re-checks the deadline and decides; a visit of something that
 * ended or was extended meanwhile changes nothing (an extended one is scheduled again). Costs what is due, never a
 * scan: a session's expiry costs O(locks of that session), and locks under a session have no visits of their own.
 */
final class ExpirySweep implements LeaseReaper.Sweep {

    private final LockMachine machine;
    private final MasterClocks clocks;
    private final ExpiryIndex expiry;
    private final OutcomeApplier applier;

    ExpirySweep(LockMachine machine, MasterClocks clocks, ExpiryIndex expiry, OutcomeApplier applier) {
        this.machine = machine;
        this.clocks = clocks;
        this.expiry = expiry;
        this.applier = applier;
    }

    @Override
    public void expireDue(long nowNanos) {
        Moment now = clocks.at(nowNanos);
        expiry.drainDue(nowNanos, id -> applier.apply(machine.sessions().expire(id, now), id),
                (key, token) -> applier.apply(machine.expire(key, token, now)));
    }

    @Override
    public long nextDeadlineNanos(long nowNanos) {
        return expiry.nextDeadlineNanos(nowNanos);
    }
}
