package io.lockfacade.demo.cluster;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Formats one progress line: elapsed time, operations per node and in total, and the overall rate. */
final class ProgressLine {

    private ProgressLine() {
    }

    /** @return e.g. {@code [  4s]  5,123 operations (1,281/s)   node-1 1,700 | node-2 1,712 | node-3 1,711} */
    static String format(List<NodeProcess> nodes, long elapsedNanos) {
        long total = nodes.stream().mapToLong(NodeProcess::operations).sum();
        long elapsedMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(elapsedNanos));
        String perNode = nodes.stream()
                .map(node -> String.format("%s %,d%s", node.name(), node.operations(),
                        node.report().isPresent() ? " done" : ""))
                .collect(Collectors.joining(" | "));
        return String.format("  [%3ds] %,9d operations (%,d/s)   %s", TimeUnit.NANOSECONDS.toSeconds(elapsedNanos),
                total, total * ClusterRun.MILLIS_PER_SECOND / elapsedMillis, perNode);
    }
}
