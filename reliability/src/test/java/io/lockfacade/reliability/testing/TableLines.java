package io.lockfacade.reliability.testing;

import io.lockfacade.server.table.LockInfo;
import io.lockfacade.webapp.MasterServer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** What of an in-process master's table must not change under refused calls: holders, tokens, waiters. */
public final class TableLines {

    private TableLines() {
    }

    /** @return one line per held lock outside {@code exceptType}, sorted */
    public static List<String> of(MasterServer master, String exceptType) {
        List<LockInfo> all = new ArrayList<>();
        master.service().table().forEachLock((key, info) -> all.add(info));
        return all.stream()
                .filter(info -> !info.lockType().equals(exceptType))
                .sorted(Comparator.comparing(LockInfo::lockType).thenComparing(LockInfo::key))
                .map(info -> info.lockType() + "/" + info.key() + " owner=" + info.owner() + " token="
                        + info.fencingToken() + " waiters=" + info.waiters())
                .toList();
    }
}
