package io.lockfacade.reliability.chaos;

import io.lockfacade.reliability.resource.FencedStore;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a chaos run found. {@link #summaryLine()} is the one line the run prints; {@link #problems()} lists every
 * broken invariant (empty for a clean run).
 *
 * @param settings          the run's settings
 * @param elapsed           wall time of the whole run, start-up and shutdown included
 * @param faults            faults injected, by kind
 * @param nodeTotals        node counters summed over every node incarnation (last report of each)
 * @param verdict           the fenced resource's figures
 * @param pausedSuperseded  sections open in a frozen node that another holder superseded meanwhile
 * @param pausedToldLost    of those, how many ended in {@code LockLostException} (the rest were handed off, and
 *                          the next local holder of the same grant was told, or the master was unreachable)
 * @param holderChecks      checks that a killed or frozen client's locks were free after the bound
 * @param holderViolations  locks still held by a stopped client after the bound; must be 0
 * @param holderExamples    the first of those
 * @param tokenChecks       master restarts whose tokens were compared before and after
 * @param tokenRegressions  restarts after which a new token was not above the old ones; must be 0
 * @param stuckNodes        nodes that did not stop when told; must be 0
 * @param nodeErrorLines    the first {@code ERROR}/{@code HANG}/{@code STUCK} lines nodes printed
 */
public record ChaosReport(ChaosSettings settings, Duration elapsed, EnumMap<FaultKind, Integer> faults,
                          Map<String, Long> nodeTotals, FencedStore.Verdict verdict, long pausedSuperseded,
                          long pausedToldLost, long partitionedSuperseded, long partitionedToldLost, long holderChecks, long holderViolations, List<String> holderExamples,
                          long tokenChecks, long tokenRegressions, long stuckNodes, List<String> nodeErrorLines) {

    /** @return a node counter summed over all nodes */
    public long total(String counter) {
        return nodeTotals.getOrDefault(counter, 0L);
    }

    /** @return the one-line summary the run prints */
    public String summaryLine() {
        String faultText = faults.entrySet().stream()
                .map(e -> e.getKey().label() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        return "RELIABILITY chaos: " + settings.duration().toSeconds() + "s"
                + " nodes=" + settings.nodes() + "x" + settings.threadsPerNode() + " seed=" + settings.seed()
                + " | operations=" + total("operations") + " grants=" + total("grants")
                + " | faults " + faults.values().stream().mapToInt(Integer::intValue).sum() + " [" + faultText + "]"
                + " | overlaps=" + verdict.overlaps()
                + " | stale-rejected=" + verdict.staleRejected() + " (entries=" + verdict.refusedAtEntry()
                + " writes=" + verdict.staleWrites() + ", client-unaware=" + verdict.staleWritesBelieved() + ")"
                + " | preempted=" + verdict.preempted() + " lost-reported=" + total("lost")
                + " paused-superseded=" + pausedSuperseded + " told-lost=" + pausedToldLost
                + " partitioned-superseded=" + partitionedSuperseded + " told-lost=" + partitionedToldLost
                + " | dead-holder-checks=" + holderChecks + " violations=" + holderViolations
                + " | restart-token-checks=" + tokenChecks + " regressions=" + tokenRegressions
                + " | max-hang=" + total("maxOverrunMillis") + "ms (bound " + settings.hangBoundMillis() + "ms)"
                + " hangs=" + total("hangs") + " errors=" + total("errors")
                + " | " + elapsed.toSeconds() + "s wall";
    }

    /** @return every broken invariant, empty when the run was clean */
    public List<String> problems() {
        List<String> problems = new java.util.ArrayList<>();
        if (verdict.overlaps() > 0) {
            problems.add(verdict.overlaps() + " overlaps: " + verdict.overlapExamples());
        }
        if (verdict.fencingViolations() > 0) {
            problems.add(verdict.fencingViolations() + " accepted writes with a stale token");
        }
        if (holderViolations > 0) {
            problems.add(holderViolations + " locks outlived their stopped holder's lease: " + holderExamples);
        }
        if (tokenRegressions > 0) {
            problems.add(tokenRegressions + " master restarts issued tokens below the old master's");
        }
        if (total("hangs") > 0 || total("maxOverrunMillis") > settings.hangBoundMillis()) {
            problems.add("client calls hung: " + total("hangs") + " over the bound, longest overrun "
                    + total("maxOverrunMillis") + " ms");
        }
        if (total("errors") > 0) {
            problems.add(total("errors") + " unexpected client errors: " + nodeErrorLines);
        }
        if (stuckNodes > 0) {
            problems.add(stuckNodes + " nodes did not stop when told");
        }
        if (total("grants") == 0) {
            problems.add("no lock was ever granted");
        }
        return problems;
    }
}
