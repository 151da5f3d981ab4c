package io.lockfacade.demo.cluster;

import io.lockfacade.demo.locks.RemoteCalls;
import io.lockfacade.demo.node.NodeReport;

import java.io.PrintStream;

/** Prints a {@link Verdict} for people: aligned figures, then one line saying what they mean. */
final class VerdictPrinter {

    private static final String ROW = "  %-42s %s%n";
    private static final double PERCENT = 100.0;

    private VerdictPrinter() {
    }

    /** Prints the verdict of a run that took {@code elapsedMillis}. */
    static void print(Verdict verdict, long elapsedMillis, PrintStream out) {
        long transfers = verdict.reports().stream().mapToLong(NodeReport::transfers).sum();
        long declined = verdict.reports().stream().mapToLong(NodeReport::declined).sum();
        long deposits = verdict.reports().stream().mapToLong(NodeReport::deposits).sum();
        out.println();
        out.println("Verdict (lock: " + verdict.mode().label() + ", " + verdict.reports().size() + " nodes, "
                + String.format("%.1f s", elapsedMillis / (double) ClusterRun.MILLIS_PER_SECOND) + ")");
        row(out, "operations done", String.format("%,d (%,d deposits, %,d transfers, %,d declined for lack of"
                + " funds)", verdict.operations(), deposits, transfers, declined));
        row(out, "operations timed out / failed", String.format("%,d / %,d", verdict.timedOut(), verdict.failed()));
        row(out, "expected total (opening + deposits)", String.format("%,d", verdict.expectedTotal()));
        row(out, "actual total in the store", String.format("%,d  (%+,d)", verdict.actualTotal(),
                verdict.actualTotal() - verdict.expectedTotal()));
        row(out, "writes made / kept by the store", String.format("%,d / %,d", verdict.writesMade(),
                verdict.writesKept()));
        row(out, "lost updates", String.format("%,d", verdict.lostUpdates()));
        row(out, "fencing-token order violations", String.format("%,d", verdict.fencingViolations()));
        if (verdict.mode().needsMaster()) {
            printRemoteCalls(verdict, out);
        }
        verdict.failover().ifPresent(failover -> printFailover(failover, out));
        out.println();
        out.println(conclusion(verdict));
    }

    private static void printFailover(Failover failover, PrintStream out) {
        row(out, "leader killed (SIGKILL)", String.format("%s (pid %d) after %.1f s", failover.killed(),
                failover.killedPid(), failover.killedIntoRunMillis() / (double) ClusterRun.MILLIS_PER_SECOND));
        row(out, "took over", failover.newLeader().map(leader -> String.format("%s, leader %d ms after the kill",
                leader, failover.leaderAfterMillis().orElseThrow())).orElse("nobody within "
                + LeaderCrash.TAKEOVER_TIMEOUT.toSeconds() + " s"));
        row(out, "failover (kill to first grant by new leader)", failover.firstGrantMillis().isPresent()
                ? String.format("%,d ms", failover.firstGrantMillis().getAsLong()) : "no grant seen");
    }

    private static void printRemoteCalls(Verdict verdict, PrintStream out) {
        RemoteCalls calls = verdict.remoteCalls();
        row(out, "lock acquisitions", String.format("%,d", verdict.acquisitions()));
        row(out, "remote calls to the master", String.format("%,d (tryLock %,d, unlock %,d, session upkeep and renew %,d)",
                calls.total(), calls.tryLock(), calls.unlock(), calls.renew()));
        long without = verdict.remoteCallsWithoutArbitration();
        row(out, "remote calls saved by local arbitration", String.format("%,d of %,d (%.0f%%)",
                verdict.remoteCallsSaved(), without,
                without == 0 ? 0 : PERCENT * verdict.remoteCallsSaved() / without));
    }

    private static String conclusion(Verdict verdict) {
        if (verdict.correct()) {
            return "RESULT: correct - no lost updates, fencing tokens in order, totals match" + verdict.failover()
                    .map(failover -> String.format("; leader %s killed, %s took over, failover %,d ms",
                            failover.killed(), failover.newLeader().orElseThrow(),
                            failover.firstGrantMillis().orElseThrow())).orElse("") + ".";
        }
        if (verdict.consistent()) {
            Failover failover = verdict.failover().orElseThrow();
            return "RESULT: FAILED - the store is consistent, but after the leader " + failover.killed()
                    + " was killed " + failover.newLeader().map(leader -> "no node received a grant from " + leader)
                    .orElse("no survivor took over") + ".";
        }
        String damage = String.format("%,d lost updates, %,d fencing violations, total off by %+,d",
                verdict.lostUpdates(), verdict.fencingViolations(), verdict.actualTotal() - verdict.expectedTotal());
        return switch (verdict.mode()) {
            case NONE -> "RESULT: broken, as expected without a lock - " + damage + ".";
            case MEMORY -> "RESULT: broken, as expected - a MemoryLock only excludes threads of its own JVM: "
                    + damage + ". Run with --lock distributed.";
            case DISTRIBUTED -> "RESULT: FAILED - " + damage + (verdict.failed() > 0
                    ? String.format(", %,d operations failed (see the errors above)", verdict.failed()) : "") + ".";
        };
    }

    private static void row(PrintStream out, String label, String value) {
        out.printf(ROW, label + ":", value);
    }
}
