package io.lockfacade.bench.node;

import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The optional {@code --busy-cpus} mode: one {@link SpinnerMain} JVM with a spinning thread per vCPU, at the lowest
 * priority the host offers ({@code chrt --idle 0}, the SCHED_IDLE class, else {@code nice -n 19}). With every vCPU
 * busy, a thread that wakes up runs at once instead of waiting for an idle vCPU to come out of its sleep state, so
 * latencies are steadier and lower; throughput figures lose the little CPU the spinners still get.
 */
public final class BusyCpus implements AutoCloseable {

    private static final Path CHRT = Path.of("/usr/bin/chrt");
    private static final Path NICE = Path.of("/usr/bin/nice");
    private static final String NICEST = "19";
    private static final String SPINNER_HEAP = "32m";

    private final NodeChannel spinner;
    private final String priority;

    private BusyCpus(NodeChannel spinner, String priority) {
        this.spinner = spinner;
        this.priority = priority;
    }

    /**
     * Starts one spinning thread per available processor.
     *
     * @throws IOException if the spinner JVM cannot start
     */
    public static BusyCpus start() throws IOException {
        List<String> wrapper = List.of();
        String priority;
        if (Files.isExecutable(CHRT)) {
            wrapper = List.of(CHRT.toString(), "--idle", "0");
            priority = "SCHED_IDLE (chrt --idle 0)";
        } else if (Files.isExecutable(NICE)) {
            wrapper = List.of(NICE.toString(), "-n", NICEST);
            priority = "nice 19";
        } else {
            priority = "normal (neither chrt nor nice found)";
        }
        int threads = Runtime.getRuntime().availableProcessors();
        JavaCommand command = JvmCommand.of(SPINNER_HEAP, SpinnerMain.class, List.of(Integer.toString(threads)))
                .wrappedBy(wrapper);
        return new BusyCpus(NodeChannel.start("spinner", command), threads + " spinning threads at " + priority);
    }

    /** @return what was started, for the report */
    public String description() {
        return priority;
    }

    /** Stops the spinners. */
    @Override
    public void close() {
        spinner.close();
    }
}
