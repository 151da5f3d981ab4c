package io.lockfacade.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The host's 1, 5 and 15 minute load averages, which every benchmark run reports beside its figures. */
public final class LoadAverage {

    private static final Path SOURCE = Path.of("/proc/loadavg");

    private LoadAverage() {
    }

    /** @return the three averages separated by spaces, or {@code unknown} where the system does not say */
    public static String now() {
        return now(" ");
    }

    /** @return the three averages separated by {@code separator}, or {@code unknown} */
    public static String now(String separator) {
        try {
            String[] fields = Files.readString(SOURCE).trim().split("\\s+");
            return String.join(separator, fields[0], fields[1], fields[2]);
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
