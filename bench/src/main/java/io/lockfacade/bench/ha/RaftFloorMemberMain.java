package io.lockfacade.bench.ha;

import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.group.raft.RaftTuning;
import org.jgroups.JChannel;
import org.jgroups.protocols.raft.RAFT;
import org.jgroups.raft.StateMachine;

import java.io.ByteArrayInputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One member of the Raft engine floor ({@link RaftFloor}), run in its own JVM: jgroups-raft with the master group's
 * own JGroups stack and log settings ({@link RaftTuning}, with a given fsync policy) but none of Lock Facade's code,
 * neither its protocol nor its state machine: entries are opaque bytes applied by a no-op. The member that is
 * elected appends {@code warmup} untimed entries, then {@code rounds} timed ones, one at a time from one thread, and
 * writes the result file; every member then idles until its process is ended.
 *
 * <p>Arguments: {@code SELF_ID GROUP_FLAG DATA_DIR FSYNC WARMUP ROUNDS RESULT_FILE} ({@code FSYNC} as the master's
 * {@code --fsync} flag); the result file holds {@code p50Micros p99Micros meanMicros count}.
 */
public final class RaftFloorMemberMain {

    /** The one protocol of the stack that is Lock Facade's own (it records when peers were last heard from). */
    private static final String OWN_PROTOCOL = "<io.lockfacade.group.raft.LastContact/>";
    /** About the size of one serialized lock command. */
    private static final int ENTRY_BYTES = 64;
    private static final long ENTRY_TIMEOUT_SECONDS = 10;

    private RaftFloorMemberMain() {
    }

    /**
     * Starts the member, measures if elected, and idles.
     *
     * @param args see the class comment
     * @throws Exception if the member cannot start, or an entry fails while measuring
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            throw new IllegalArgumentException("usage: SELF_ID GROUP_FLAG DATA_DIR FSYNC WARMUP ROUNDS RESULT_FILE");
        }
        GroupTopology topology = GroupTopology.parse(args[1]);
        Path data = Files.createDirectories(Path.of(args[2]));
        String stack = RaftTuning.stackConfig(topology, topology.require(args[0]), data,
                FsyncPolicy.parse(args[3]))
                .replace(OWN_PROTOCOL, "");
        JChannel channel = new JChannel(new ByteArrayInputStream(stack.getBytes(StandardCharsets.UTF_8)));
        RAFT raft = channel.getProtocolStack().findProtocol(RAFT.class);
        raft.stateMachine(new NoOpStateMachine());
        channel.name(args[0]).connect("lock-facade-raft-floor");
        while (!raft.isLeader()) {
            if (raft.leader() != null) {
                idle();
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
        LatencyHistogram histogram = measure(raft, Integer.parseInt(args[4]), Integer.parseInt(args[5]));
        Path result = Path.of(args[6]);
        Path temp = result.resolveSibling(result.getFileName() + ".tmp");
        Files.writeString(temp, String.format(Locale.ROOT, "%.1f %.1f %.1f %d", histogram.p50Micros(),
                histogram.p99Micros(), histogram.meanMicros(), histogram.count()));
        Files.move(temp, result, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        idle();
    }

    private static LatencyHistogram measure(RAFT raft, int warmup, int rounds) throws Exception {
        byte[] entry = new byte[ENTRY_BYTES];
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 0; i < warmup + rounds; i++) {
            long start = System.nanoTime();
            raft.setAsync(entry, 0, entry.length).get(ENTRY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (i >= warmup) {
                histogram.recordNanos(System.nanoTime() - start);
            }
        }
        return histogram;
    }

    private static void idle() throws InterruptedException {
        Thread.sleep(Long.MAX_VALUE);
    }

    /** Applies nothing: the floor measures replication, not a state machine. */
    private static final class NoOpStateMachine implements StateMachine {

        @Override
        public byte[] apply(byte[] data, int offset, int length, boolean serializeResponse) {
            return null;
        }

        @Override
        public void readContentFrom(DataInput in) {
            // nothing to restore
        }

        @Override
        public void writeContentTo(DataOutput out) {
            // nothing to save
        }
    }
}
