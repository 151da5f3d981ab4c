package io.lockfacade.bench.primitives;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds reported by the client JVMs ({@code <in> <out>} nanos of the machine's monotonic clock, each inside a real
 * hold), swept in time order: the most holders at once, and how many holds began while the permits were all taken.
 */
public record HoldSweep(long holds, int mostAtOnce, long overGrants) {

    /** Sweeps every hold of {@code files}; {@code permits} holders at once are allowed. */
    public static HoldSweep of(List<Path> files, int permits) throws IOException {
        List<long[]> events = new ArrayList<>();
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                String[] words = line.split(" ");
                events.add(new long[] {Long.parseLong(words[0]), 1});
                events.add(new long[] {Long.parseLong(words[1]), -1});
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int holders = 0;
        int most = 0;
        long over = 0;
        for (long[] event : events) {
            holders += (int) event[1];
            if (event[1] > 0 && holders > permits) {
                over++;
            }
            most = Math.max(most, holders);
        }
        return new HoldSweep(events.size() / 2, most, over);
    }
}
