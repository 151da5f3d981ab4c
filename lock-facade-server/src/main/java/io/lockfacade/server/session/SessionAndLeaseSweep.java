package io.lockfacade.server.session;

import io.lockfacade.server.expiry.LeaseReaper;

/**
 * What the master's reaper expires: the sessions whose TTL ran out (with all their locks), then the locks whose
 * own lease ran out.
 */
public final class SessionAndLeaseSweep implements LeaseReaper.Sweep {

    private final SessionRegistry sessions;
    private final LeaseReaper.Sweep leases;

    /**
     * @param sessions the open sessions
     * @param leases   the locks granted with a lease of their own, usually the lock table
     */
    public SessionAndLeaseSweep(SessionRegistry sessions, LeaseReaper.Sweep leases) {
        this.sessions = sessions;
        this.leases = leases;
    }

    @Override
    public void expireDue(long nowNanos) {
        sessions.expireDue(nowNanos);
        leases.expireDue(nowNanos);
    }

    @Override
    public long nextDeadlineNanos(long nowNanos) {
        long session = sessions.nextDeadlineNanos(nowNanos);
        long lease = leases.nextDeadlineNanos(nowNanos);
        return session - lease < 0 ? session : lease;
    }
}
