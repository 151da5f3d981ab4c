package io.lockfacade.bench.report;

/**
 * One line of the results: a Lock Facade figure, the reference it is compared with, their ratio, and the target.
 *
 * @param scenario      the scenario's id, e.g. {@code S1}
 * @param metric        what is measured, e.g. {@code lock+unlock p50}
 * @param unit          the unit of both figures, e.g. {@code µs}
 * @param facade        Lock Facade's figure; NaN if none was produced
 * @param referenceName what the reference is, e.g. {@code 2× transport floor} or {@code article}; empty if none
 * @param reference     the reference's figure, NaN if none
 * @param target        the target, or {@code null} for a figure reported for information
 * @param chartLabel    a short name for the chart's axis
 */
public record ResultRow(String scenario, String metric, String unit, double facade, String referenceName,
                        double reference, Target target, String chartLabel) {

    /** A row named on the chart by its scenario and metric; see {@link #labelled} for a shorter name. */
    public ResultRow(String scenario, String metric, String unit, double facade, String referenceName,
                     double reference, Target target) {
        this(scenario, metric, unit, facade, referenceName, reference, target, scenario + " " + metric);
    }

    /** @return this row with a shorter name on the chart */
    public ResultRow labelled(String label) {
        return new ResultRow(scenario, metric, unit, facade, referenceName, reference, target, scenario + " " + label);
    }

    /** @return a row without reference */
    public static ResultRow alone(String scenario, String metric, String unit, double facade, Target target) {
        return new ResultRow(scenario, metric, unit, facade, "", Double.NaN, target);
    }

    /** @return Lock Facade's figure divided by the reference, NaN without reference */
    public double ratio() {
        return Double.isNaN(reference) || reference == 0 ? Double.NaN : facade / reference;
    }

    /** @return whether the target is met; {@code null} when the row has no target */
    public Boolean met() {
        return target == null ? null : target.isMet(facade, ratio());
    }

    /** @return whether the row carries a Lock Facade figure */
    public boolean hasFigure() {
        return !Double.isNaN(facade);
    }
}
