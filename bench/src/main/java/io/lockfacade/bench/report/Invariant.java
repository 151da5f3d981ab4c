package io.lockfacade.bench.report;

/**
 * A correctness check made during a scenario: it must hold whatever the timings.
 *
 * @param scenario the scenario's id
 * @param name     what was checked, e.g. {@code no overlapping holders}
 * @param held     whether it held
 * @param detail   the counts behind the verdict
 */
public record Invariant(String scenario, String name, boolean held, String detail) {
}
