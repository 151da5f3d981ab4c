package io.lockfacade.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Everything one benchmark run produced: how it ran (mode, machine, load), the result rows, the invariant checks,
 * and the scenarios that failed to produce figures. Thread-safe.
 */
public final class BenchReport {

    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<ResultRow> rows = new ArrayList<>();
    private final List<Invariant> invariants = new ArrayList<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Map<String, String> titles = new LinkedHashMap<>();
    private final String articleLabel;

    /**
     * @param articleLabel how rows name the article's design as their reference, so the chart can find them
     */
    public BenchReport(String articleLabel) {
        this.articleLabel = articleLabel;
    }

    /** @return how rows name the article's design as their reference */
    public String articleLabel() {
        return articleLabel;
    }

    /** Notes one fact about the run, e.g. {@code mode = quick}. */
    public synchronized void setting(String name, Object value) {
        settings.put(name, String.valueOf(value));
    }

    /** Names a scenario, e.g. {@code S1} is {@code Uncontended lock+unlock}. */
    public synchronized void title(String scenario, String title) {
        titles.put(scenario, title);
    }

    /** @return the scenario's title, or its id if it has none */
    public synchronized String titleOf(String scenario) {
        return titles.getOrDefault(scenario, scenario);
    }

    /** @return the titles of the scenarios that ran, in order */
    public synchronized Map<String, String> titles() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(titles));
    }

    /** Adds a result row. */
    public synchronized void add(ResultRow row) {
        rows.add(row);
    }

    /**
     * @param scenario a scenario id
     * @param label    a row's label, as given to {@link ResultRow#labelled}
     * @return Lock Facade's figure in that row, if a scenario run earlier reported it
     */
    public synchronized OptionalDouble figure(String scenario, String label) {
        return rows.stream().filter(row -> (scenario + " " + label).equals(row.chartLabel()))
                .mapToDouble(ResultRow::facade).findFirst();
    }

    /** Adds an invariant check. */
    public synchronized void check(String scenario, String name, boolean held, String detail) {
        invariants.add(new Invariant(scenario, name, held, detail));
    }

    /** Notes that a scenario failed before producing all its figures. */
    public synchronized void failed(String scenario, Throwable failure) {
        failures.put(scenario, String.valueOf(failure));
    }

    /** @return the settings, in the order noted */
    public synchronized Map<String, String> settings() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** @return the rows, in the order added */
    public synchronized List<ResultRow> rows() {
        return List.copyOf(rows);
    }

    /** @return the invariant checks */
    public synchronized List<Invariant> invariants() {
        return List.copyOf(invariants);
    }

    /** @return failed scenarios and why */
    public synchronized Map<String, String> failures() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }

    /** @return whether every invariant held and no scenario failed */
    public synchronized boolean isSound() {
        return failures.isEmpty() && invariants.stream().allMatch(Invariant::held);
    }
}
