package io.lockfacade.bench.ha;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The trials of one fault against one system: min / median / max of the recoveries, a trial with no recovery
 * counting as longer than any (so a median can be "none").
 *
 * @param trials  every measured trial, in order
 * @param skipped trials that never reached the fault (no healthy cluster to fault), not measured
 */
record FaultSummary(List<TrialResult> trials, int skipped) {

    /** @param trials every trial, all measured */
    FaultSummary(List<TrialResult> trials) {
        this(trials, 0);
    }

    /** @return the fastest recovery in ms, or {@code null} if none recovered */
    Double min() {
        return sorted().isEmpty() ? null : sorted().get(0);
    }

    /** @return the median in ms (lower median for an even count), or {@code null} if that trial did not recover */
    Double median() {
        return rank((trials.size() - 1) / 2);
    }

    /** @return the slowest in ms, or {@code null} if any trial did not recover */
    Double max() {
        return rank(trials.size() - 1);
    }

    /** @return trials that saw a new grant within the cap */
    long recovered() {
        return trials.stream().filter(t -> t.recoveryMillis() != null).count();
    }

    /** @return trials whose held lock was kept by its owner with its token */
    long heldKept() {
        return trials.stream().filter(TrialResult::heldKept).count();
    }

    private Double rank(int index) {
        List<Double> sorted = sorted();
        return index >= 0 && index < sorted.size() ? sorted.get(index) : null;
    }

    private List<Double> sorted() {
        List<Double> recoveries = new ArrayList<>();
        trials.stream().map(TrialResult::recoveryMillis).filter(r -> r != null).forEach(recoveries::add);
        recoveries.sort(Comparator.naturalOrder());
        return recoveries;
    }
}
