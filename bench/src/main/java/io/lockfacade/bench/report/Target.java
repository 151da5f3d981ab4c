package io.lockfacade.bench.report;

import java.util.List;

/**
 * A target from the benchmark's issue: one or more bounds on a row's Lock Facade figure or on its ratio to the
 * reference, all of which must hold.
 *
 * @param text       how the table shows the target, e.g. {@code ≤ 1.3× floor}
 * @param conditions the bounds
 */
public record Target(String text, List<Condition> conditions) {

    /** What a bound applies to. */
    public enum Subject {
        /** The Lock Facade figure itself. */
        VALUE,
        /** Lock Facade figure divided by the reference figure. */
        RATIO
    }

    /**
     * One bound.
     *
     * @param subject   what is bounded
     * @param atMost    {@code true} for an upper bound, {@code false} for a lower bound
     * @param threshold the bound
     */
    public record Condition(Subject subject, boolean atMost, double threshold) {

        boolean holds(double value, double ratio) {
            double subjectValue = subject == Subject.VALUE ? value : ratio;
            if (Double.isNaN(subjectValue)) {
                return false;
            }
            return atMost ? subjectValue <= threshold : subjectValue >= threshold;
        }
    }

    /** Copies the conditions. */
    public Target {
        conditions = List.copyOf(conditions);
    }

    /** @return a target {@code value <= threshold} */
    public static Target valueAtMost(String text, double threshold) {
        return new Target(text, List.of(new Condition(Subject.VALUE, true, threshold)));
    }

    /** @return a target {@code value >= threshold} */
    public static Target valueAtLeast(String text, double threshold) {
        return new Target(text, List.of(new Condition(Subject.VALUE, false, threshold)));
    }

    /** @return a target {@code value / reference <= threshold} */
    public static Target ratioAtMost(String text, double threshold) {
        return new Target(text, List.of(new Condition(Subject.RATIO, true, threshold)));
    }

    /** @return a target with both bounds */
    public static Target both(String text, Target first, Target second) {
        return new Target(text, java.util.stream.Stream.concat(first.conditions.stream(), second.conditions.stream())
                .toList());
    }

    /** @return a target {@code value / reference >= threshold} */
    public static Target ratioAtLeast(String text, double threshold) {
        return new Target(text, List.of(new Condition(Subject.RATIO, false, threshold)));
    }

    /** @return whether every bound holds */
    public boolean isMet(double value, double ratio) {
        return conditions.stream().allMatch(condition -> condition.holds(value, ratio));
    }
}
