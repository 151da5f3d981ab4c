package io.lockfacade.bench.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs contestants (the designs, or two settings of one) in alternating rounds, each round a share of the measured
 * window: on a shared machine the load comes and goes within seconds, and alternating gives every contestant the
 * same load to work against.
 */
final class Rounds {

    /** Warm-up before every round but the first: the JVMs are warm, their connections may not be. */
    static final Duration LATER_WARM_UP = Duration.ofMillis(500);

    /** One measured run of one design. */
    @FunctionalInterface
    interface Run<T> {
        /** Warms up for {@code warmUp}, then measures for {@code window}. */
        T run(Duration warmUp, Duration window) throws Exception;
    }

    private Rounds() {
    }

    /**
     * @param profile gives the number of rounds and the first warm-up
     * @param window  the total measured time of each design
     * @param runs    how to run each contestant (a design, or a setting of one), in the order they take turns
     * @return each contestant's runs, in order
     */
    static <K, T> Map<K, List<T>> alternate(BenchProfile profile, Duration window, Map<K, Run<T>> runs)
            throws Exception {
        Map<K, List<T>> outcomes = new LinkedHashMap<>();
        runs.keySet().forEach(key -> outcomes.put(key, new ArrayList<>()));
        Duration share = window.dividedBy(profile.rounds());
        for (int round = 0; round < profile.rounds(); round++) {
            for (Map.Entry<K, Run<T>> run : runs.entrySet()) {
                Duration warmUp = round == 0 ? profile.warmUp() : LATER_WARM_UP;
                outcomes.get(run.getKey()).add(run.getValue().run(warmUp, share));
            }
        }
        return outcomes;
    }
}
