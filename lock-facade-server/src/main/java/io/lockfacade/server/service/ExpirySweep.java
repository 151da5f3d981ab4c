package io.lockfacade.server.service;

import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.table.LockKey;
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
    private final ExpirySchedule<LockKey> leases;
    private final ExpirySchedule<String> sessionEnds;
    private final OutcomeApplier applier;

    ExpirySweep(LockMachine machine, MasterClocks clocks, ExpirySchedule<LockKey> leases,
                ExpirySchedule<String> sessionEnds, OutcomeApplier applier) {
        this.machine = machine;
        this.clocks = clocks;
        this.leases = leases;
        this.sessionEnds = sessionEnds;
        this.applier = applier;
    }

    @Override
    public void expireDue(long nowNanos) {
        Moment now = clocks.at(nowNanos);
        sessionEnds.drainDue(nowNanos, (id, unused) -> applier.apply(machine.sessions().expire(id, now), id));
        leases.drainDue(nowNanos, (key, token) -> applier.apply(machine.expire(key, token, now)));
    }

    @Override
    public long nextDeadlineNanos(long nowNanos) {
        long session = sessionEnds.nextDeadlineNanos(nowNanos);
        long lease = leases.nextDeadlineNanos(nowNanos);
        return session - lease < 0 ? session : lease;
    }
}
