package io.lockfacade.server.admin;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.session.SessionRegistry;

/**
 * Everything the admin pages read and change, wherever the table lives: the single master's in-memory table, or
 * the replicated table of a master-group leader. The pages, their controllers and the JSON API are written once
 * against this.
 *
 * <p>On a master-group member that is not the leader, {@link #requireCurrent()} refuses: a follower's copy may lag
 * and its removals would not reach the log, so it neither lists nor removes.
 */
public interface AdminSource {

    /**
     * Checks that this master may answer from its table now. The single master always may; a group member may only
     * while it leads (see the group's implementation for how it confirms that).
     *
     * @throws NotLeaderException naming the leader when it is known, if this member cannot serve the admin pages
     */
    void requireCurrent();

    /** @return the held locks, to list and remove */
    AdminLocks locks();

    /** @return the open sessions, to list and force-expire */
    SessionRegistry sessions();

    /**
     * @param nowEpochMillis the wall clock now
     * @return the figures of the page's header
     */
    MasterStats stats(long nowEpochMillis);

    /** @return the deadlocks this master found over the last hour and the waits it watches now */
    DeadlockDetector deadlocks();

    /** @return the single master's table, sessions and figures */
    static AdminSource of(MemoryLockServiceImpl service) {
        AdminLocks locks = AdminLocks.of(service.table());
        return new AdminSource() {
            @Override
            public void requireCurrent() {
                // The single master's table is the only one: always current.
            }

            @Override
            public AdminLocks locks() {
                return locks;
            }

            @Override
            public SessionRegistry sessions() {
                return service.sessions();
            }

            @Override
            public MasterStats stats(long nowEpochMillis) {
                return MasterStats.of(service, nowEpochMillis);
            }

            @Override
            public DeadlockDetector deadlocks() {
                return service.deadlocks();
            }
        };
    }
}
