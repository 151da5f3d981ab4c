package io.lockfacade.bench.ha;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Writes a run's results as {@code ha-results.md} (the tables docs/master-group.md links to) and
 * {@code ha-results.json}.
 */
final class HaReport {

    private static final String NONE = "none";

    private HaReport() {
    }

    /** Writes both files into {@code dir} and returns the markdown. */
    static String write(HaResults results, int trials, Path dir) throws IOException {
        Files.createDirectories(dir);
        String markdown = markdown(results, trials);
        Files.writeString(dir.resolve("ha-results.md"), markdown);
        Files.writeString(dir.resolve("ha-results.json"), json(results));
        return markdown;
    }

    static String markdown(HaResults r, int trials) {
        StringBuilder out = new StringBuilder();
        out.append("Group code measured: `").append(r.groupCommit()).append("`; Lock Facade client: ")
                .append(r.client() == LockCalls.Kind.JAVA ? "the Java client's failover (comma-separated master list)"
                        : "the harness's contract-only caller").append("; ").append(trials)
                .append(" Lock Facade trials per fault (each cell counts its own); load average (1/5/15 min) ")
                .append(r.loadBefore())
                .append(" at start, ").append(r.loadAfter()).append(" at end (2 vCPUs).\n\n");
        out.append("| fault -> first grant by the new leader | Lock Facade group min / median / max | held lock kept "
                + "| Hazelcast 5.4 CP min / median / max | held lock kept | median ratio LF/HZ | target (LF) "
                + "| met |\n");
        out.append("|---|---|---|---|---|---|---|---|\n");
        for (FaultKind fault : FaultKind.values()) {
            FaultSummary lf = r.lockFacade().get(fault);
            FaultSummary hz = r.hazelcast().get(fault);
            out.append("| ").append(fault.label()).append(" | ").append(spread(lf)).append(" | ")
                    .append(lf.heldKept()).append('/').append(lf.trials().size()).append(" | ").append(spread(hz))
                    .append(" | ").append(hz.heldKept()).append('/').append(hz.trials().size()).append(" | ")
                    .append(ratio(lf.median(), hz.median())).append(" | ").append(target(fault)).append(" | ")
                    .append(r.faultTargetMet(fault) ? "yes" : "no").append(" |\n");
        }
        out.append("\n| latency | Lock Facade group | single master | Hazelcast 5.4 CP | ratio | target | met |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        out.append("| S1 lock+unlock p50 / p99 (1 thread, new key) | ").append(latency(r.groupS1())).append(" | ")
                .append(latency(r.singleS1())).append(" | ").append(latency(r.hazelcastS1())).append(" | ")
                .append(format(r.s1Ratio())).append("x single, ").append(format(r.s1HazelcastRatio()))
                .append("x HZ | <= ").append(format(HaResults.S1_RATIO)).append("x single and <= 1x HZ | ")
                .append(r.s1Ratio() <= HaResults.S1_RATIO && r.s1HazelcastRatio() <= 1 ? "yes" : "no").append(" |\n");
        out.append("| S3 one key, ").append(HaLimits.S3_THREADS).append(" threads (lock+unlock/s) | ")
                .append(format(r.groupS3())).append(" | ").append(format(r.singleS3())).append(" | - | ")
                .append(format(r.s3Ratio())).append("x single | >= ").append(format(HaResults.S3_RATIO))
                .append("x single | ").append(r.s3Ratio() >= HaResults.S3_RATIO ? "yes" : "no").append(" |\n");
        out.append("| heap per held lock (").append(HeapPerLock.LOCKS).append(" held, after full GCs) | ")
                .append(bytes(r.groupHeap())).append(" | ").append(format(r.singleHeap())).append(" B | - | ")
                .append(format(r.heapRatio())).append("x single (largest member) | <= ")
                .append(format(HaResults.HEAP_RATIO)).append("x single | ")
                .append(r.heapRatio() <= HaResults.HEAP_RATIO ? "yes" : "no").append(" |\n");
        out.append("\n| Raft engine alone (jgroups-raft, the group's stack and fsync, no-op state machine, same run) "
                + "| value | what it bounds |\n");
        out.append("|---|---|---|\n");
        out.append("| one entry p50 / p99, mean (1 thread, on the leader) | ").append(latency(r.raftEntry()))
                .append(", ").append(format(r.raftEntry().meanMillis())).append(" ms | - |\n");
        out.append("| group S1 floor: single master's S1 + 2 entries | ").append(format(r.groupS1Floor()))
                .append(" ms | ").append(format(r.groupS1Floor() / r.singleS1().p50Millis()))
                .append("x single (target <= ").append(format(HaResults.S1_RATIO)).append("x); group S1 is ")
                .append(format(r.s1OverFloor())).append("x this floor |\n");
        out.append("| one entry without fsync (`--fsync off`) p50 / p99, mean | ").append(latency(r.raftEntryNoFsync()))
                .append(", ").append(format(r.raftEntryNoFsync().meanMillis())).append(" ms | - |\n");
        out.append("| group S1 floor without fsync | ").append(format(r.groupS1FloorNoFsync())).append(" ms | ")
                .append(format(r.groupS1FloorNoFsync() / r.singleS1().p50Millis())).append("x single |\n");
        out.append("| S3 ceiling: one pair per entry, one after another (1 s / mean entry) | ")
                .append(format(r.s3Ceiling()))
                .append(" pairs/s | ").append(format(r.s3Ceiling() / r.singleS3())).append("x single (target >= ")
                .append(format(HaResults.S3_RATIO)).append("x); group S3 is ")
                .append(format(r.groupS3() / r.s3Ceiling())).append("x this ceiling |\n");
        return out.toString();
    }

    private static String spread(FaultSummary s) {
        return seconds(s.min()) + " / " + seconds(s.median()) + " / " + seconds(s.max()) + " s ("
                + s.recovered() + "/" + s.trials().size() + " within " + HaLimits.RECOVERY_CAP.toSeconds() + " s"
                + (s.skipped() == 0 ? "" : "; " + s.skipped() + " skipped: no healthy cluster before the fault") + ")";
    }

    private static String target(FaultKind fault) {
        return fault == FaultKind.CRASH
                ? "p50 < " + seconds(HaResults.CRASH_P50) + " s, max < " + seconds(HaResults.CRASH_MAX) + " s"
                : "p50 < " + seconds(HaResults.HANG_P50) + " s, max < " + seconds(HaResults.HANG_MAX) + " s";
    }

    private static String ratio(Double a, Double b) {
        return a == null || b == null ? "-" : format(a / b);
    }

    private static String bytes(List<Double> perMember) {
        StringJoiner joined = new StringJoiner(" / ", "", " B (n1 / n2 / n3)");
        perMember.forEach(b -> joined.add(format(b)));
        return joined.toString();
    }

    private static String latency(Latency l) {
        return format(l.p50Millis()) + " / " + format(l.p99Millis()) + " ms";
    }

    /** @return {@code millis} in seconds with two decimals, or the report's "none" for {@code null} */
    static String seconds(Double millis) {
        return millis == null ? NONE : String.format(Locale.ROOT, "%.2f", millis / 1000);
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.2f", value);
    }

    static String json(HaResults r) {
        StringJoiner faults = new StringJoiner(",\n    ", "[\n    ", "\n  ]");
        for (FaultKind fault : FaultKind.values()) {
            faults.add(faultJson("lock-facade-group", fault, r.lockFacade().get(fault), r.faultTargetMet(fault)));
            faults.add(faultJson("hazelcast-5.4-cp", fault, r.hazelcast().get(fault), null));
        }
        return "{\n  \"groupCommit\": " + quote(r.groupCommit()) + ",\n  \"client\": " + quote(r.client().name())
                + ",\n  \"loadAverageStart\": " + quote(r.loadBefore())
                + ",\n  \"loadAverageEnd\": " + quote(r.loadAfter()) + ",\n  \"recoveryCapMs\": "
                + HaLimits.RECOVERY_CAP.toMillis() + ",\n  \"faults\": " + faults
                + ",\n  \"s1\": {\"group\": " + latencyJson(r.groupS1()) + ", \"single\": " + latencyJson(r.singleS1())
                + ", \"hazelcastCp\": " + latencyJson(r.hazelcastS1()) + ", \"groupOverSingle\": " + r.s1Ratio()
                + ", \"groupOverHazelcast\": " + r.s1HazelcastRatio() + "},\n  \"s3\": {\"groupPerSecond\": "
                + r.groupS3() + ", \"singlePerSecond\": " + r.singleS3() + ", \"groupOverSingle\": " + r.s3Ratio()
                + "},\n  \"raftEngineAlone\": {\"entry\": " + latencyJson(r.raftEntry()) + ", \"entryNoFsync\": "
                + latencyJson(r.raftEntryNoFsync()) + ", \"groupS1FloorNoFsyncMs\": " + r.groupS1FloorNoFsync()
                + ", \"groupS1FloorMs\": "
                + r.groupS1Floor() + ", \"groupS1OverFloor\": " + r.s1OverFloor() + ", \"s3CeilingPerSecond\": "
                + r.s3Ceiling() + "},\n  \"heapPerHeldLock\": {\"locks\": " + HeapPerLock.LOCKS + ", \"singleBytes\": "
                + r.singleHeap() + ", \"groupBytesByMember\": " + r.groupHeap() + ", \"groupOverSingle\": "
                + r.heapRatio() + "}\n}\n";
    }

    private static String faultJson(String system, FaultKind fault, FaultSummary s, Boolean met) {
        StringJoiner trials = new StringJoiner(", ", "[", "]");
        s.trials().forEach(t -> trials.add("{\"recoveryMs\": " + t.recoveryMillis() + ", \"heldKept\": "
                + t.heldKept() + ", \"note\": " + quote(t.note()) + "}"));
        return "{\"system\": " + quote(system) + ", \"fault\": " + quote(fault.name()) + ", \"minMs\": " + s.min()
                + ", \"medianMs\": " + s.median() + ", \"maxMs\": " + s.max() + ", \"heldKept\": " + s.heldKept()
                + ", \"skipped\": " + s.skipped()
                + (met == null ? "" : ", \"targetMet\": " + met) + ", \"trials\": " + trials + "}";
    }

    private static String latencyJson(Latency l) {
        return "{\"p50Ms\": " + l.p50Millis() + ", \"p99Ms\": " + l.p99Millis() + ", \"meanMs\": " + l.meanMillis()
                + ", \"count\": " + l.count() + "}";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
