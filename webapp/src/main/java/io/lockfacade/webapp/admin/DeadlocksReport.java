package io.lockfacade.webapp.admin;

import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.FoundDeadlock;
import io.lockfacade.server.deadlock.LiveWait;

import java.util.ArrayList;
import java.util.List;

/**
 * What the deadlocks page and {@code GET /admin/api/deadlocks} show: the deadlocks the master found over the last
 * hour and the waits it watches now.
 *
 * @param found the deadlocks found over the last hour, newest first
 * @param waits the waits watched now, longest first
 */
public record DeadlocksReport(List<FoundRow> found, List<WaitRow> waits) {

    /** One deadlock found: when, the type of the lock its victim waited for, the victim and the cycle. */
    public record FoundRow(String at, long atEpochMillis, String lockType, String victim, String cycle) {

        static FoundRow of(FoundDeadlock found) {
            return new FoundRow(AdminFormats.iso(found.atEpochMillis()), found.atEpochMillis(), found.lockType(),
                    found.victim(), found.cycle());
        }
    }

    /**
     * One watched wait: a thread, the lock it waits for and who holds that lock now, the fencing tokens of the
     * grants the thread holds (the lock list shows each lock's token), and for how long it has waited.
     */
    public record WaitRow(String waiting, String lockType, String key, String heldBy, List<Long> holdsTokens,
                          String waited, long waitedMillis) {

        static WaitRow of(LiveWait wait) {
            return new WaitRow(wait.waiting(), wait.lockType(), wait.key(), wait.heldBy(), wait.heldTokens(),
                    AdminFormats.duration(wait.waitedMillis()), wait.waitedMillis());
        }
    }

    /** @return the report of {@code detector} at {@code nowEpochMillis} */
    static DeadlocksReport of(DeadlockDetector detector, long nowEpochMillis) {
        List<FoundRow> found = new ArrayList<>();
        detector.log().lastHour(nowEpochMillis).forEach(deadlock -> found.add(0, FoundRow.of(deadlock)));
        return new DeadlocksReport(found, detector.liveWaits().stream().map(WaitRow::of).toList());
    }
}
