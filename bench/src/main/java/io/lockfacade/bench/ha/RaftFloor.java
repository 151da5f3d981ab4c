package io.lockfacade.bench.ha;

import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Raft engine's own floor, measured in the same run as the group: three {@link RaftFloorMemberMain} JVMs, sized
 * like the group's members, replicate opaque entries through jgroups-raft with the group's stack and a given fsync
 * policy, and the leader times one entry at a time. No Lock Facade code runs in it, so the group's latency over this
 * floor is what Lock Facade adds: HTTP, the lock table, waking the calling thread.
 */
final class RaftFloor {

    /** Untimed entries before the timed ones: as many as the group's S1 warm-up makes. */
    static final int WARMUP_ENTRIES = 4_000;
    /** Longest the three members may take to start, elect and measure. */
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static final String RESULT = "raft-floor-result";
    private static final double MICROS_PER_MILLI = 1000.0;

    private RaftFloor() {
    }

    /**
     * Runs the floor once.
     *
     * @param work   the run's work directory: the members' logs and data go to a new directory in it
     * @param fsync  the members' fsync policy
     * @param rounds timed entries
     * @return the latency of one entry, committed and applied, seen from the leader
     * @throws IllegalStateException if no member reported within {@link #TIMEOUT}
     */
    static Latency measure(Path work, FsyncPolicy fsync, int rounds) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(work.resolve("raft-floor-fsync-" + fsync.flagValue()));
        GroupTopology topology = GroupTopology.onOneHost(HaLimits.HOST, HaLimits.MEMBERS);
        List<MemberJvm> members = new ArrayList<>();
        try {
            for (int i = 0; i < HaLimits.MEMBERS; i++) {
                String id = LockFacadeGroup.id(i);
                members.add(MemberJvm.start("floor-" + id, JavaCommand.mainClass(RaftFloorMemberMain.class.getName(),
                        List.of(id, topology.toString(), dir.resolve(id).toString(), fsync.flagValue(),
                                Integer.toString(WARMUP_ENTRIES), Integer.toString(rounds),
                                dir.resolve(id + "-" + RESULT).toString())), dir.resolve("floor-" + id + ".log")));
            }
            return awaitResult(dir, members);
        } finally {
            members.forEach(MemberJvm::close);
        }
    }

    private static Latency awaitResult(Path dir, List<MemberJvm> members) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Latency> result = result(dir);
            if (result.isPresent()) {
                return result.get();
            }
            if (members.stream().anyMatch(member -> !member.isAlive())) {
                throw new IllegalStateException("a Raft floor member exited; logs in " + dir);
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
        throw new IllegalStateException("the Raft floor reported nothing within " + TIMEOUT + "; logs in " + dir);
    }

    private static double millis(String micros) {
        return Double.parseDouble(micros) / MICROS_PER_MILLI;
    }

    private static Optional<Latency> result(Path dir) throws IOException {
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            Path file = dir.resolve(LockFacadeGroup.id(i) + "-" + RESULT);
            if (Files.exists(file)) {
                String[] fields = Files.readString(file).trim().split(" ");
                return Optional.of(new Latency(millis(fields[0]), millis(fields[1]), millis(fields[2]),
                        Long.parseLong(fields[3])));
            }
        }
        return Optional.empty();
    }
}
