package io.lockfacade.webapp.testing;

import io.lockfacade.server.table.LockInfo;
import io.lockfacade.webapp.MasterServer;

import java.util.Comparator;
import java.util.List;

/**
 * What of a master's table must not change when a call is refused: every held lock's address, owner, token and
 * waiter count (remaining leases run down on their own and are left out).
 *
 * @param locks one line per held lock, sorted
 */
public record TableSnapshot(List<String> locks) {

    /** @return the master's table now */
    public static TableSnapshot of(MasterServer master) {
        return new TableSnapshot(TableProbe.allLocks(master).stream()
                .sorted(Comparator.comparing(LockInfo::lockType).thenComparing(LockInfo::key))
                .map(info -> info.lockType() + "/" + info.key() + " owner=" + info.owner() + " token="
                        + info.fencingToken() + " waiters=" + info.waiters())
                .toList());
    }
}
