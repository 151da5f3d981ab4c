package io.lockfacade.shedlock.cluster;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.testkit.master.InProcessMaster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ShedLock's promise across separate JVMs: at most one node runs a task at a time, whatever their clocks say. */
class ShedLockClusterTest {

    private static final long[] CLOCK_OFFSETS_MINUTES = {-90, 0, 90};
    private static final Duration RUN_TIME = Duration.ofSeconds(4);
    private static final Duration EXIT_PATIENCE = Duration.ofSeconds(60);
    private static final Pattern RESULT = Pattern.compile("RUNS (\\d+) OVERLAPS (\\d+)");

    @Test
    void threeNodesWithClocksHoursApartNeverRunTheTaskAtTheSameTime(@TempDir Path work) throws Exception {
        Path marker = work.resolve("task-running");
        List<ChildJvm> nodes = new ArrayList<>();
        try (InProcessMaster master = InProcessMaster.start()) {
            for (int i = 0; i < CLOCK_OFFSETS_MINUTES.length; i++) {
                JavaCommand command = JavaCommand.mainClass(ShedLockNodeMain.class.getName(), List.of(
                        master.serviceUri().toString(), "node-" + i, Long.toString(CLOCK_OFFSETS_MINUTES[i]),
                        marker.toString(), Long.toString(RUN_TIME.toMillis()))).withJvmOptions(List.of("-Xmx96m"));
                nodes.add(ChildJvm.launcher("shedlock-node-" + i, command).log(work.resolve("node-" + i + ".log"))
                        .withoutInput().killedAtExit().start());
            }
            int totalRuns = 0;
            for (ChildJvm node : nodes) {
                assertEquals(Optional.of(0), node.awaitExit(EXIT_PATIENCE), node.tail());
                Matcher result = RESULT.matcher(node.tail());
                assertTrue(result.find(), node.tail());
                System.out.println(node.name() + ": " + result.group());
                int runs = Integer.parseInt(result.group(1));
                assertEquals(0, Integer.parseInt(result.group(2)), node.name() + " overlapped: " + node.tail());
                assertTrue(runs > 0, node.name() + " never ran the task, so the test proved nothing");
                totalRuns += runs;
            }
            assertTrue(totalRuns >= CLOCK_OFFSETS_MINUTES.length);
        } finally {
            nodes.forEach(ChildJvm::close);
        }
    }
}
