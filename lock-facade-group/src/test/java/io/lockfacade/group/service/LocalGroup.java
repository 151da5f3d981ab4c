package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.testsupport.await.Await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** A master group of members in this JVM on loopback ports, for tests. Members can be stopped and restarted. */
final class LocalGroup implements AutoCloseable {

    static final Duration LEADER_WAIT = Duration.ofSeconds(20);
    private static final Duration LEADER_POLL = Duration.ofMillis(50);
    private static final Duration CATCH_UP_POLL = Duration.ofMillis(20);

    private final GroupTopology topology;
    private final Path dataRoot;
    private final GroupMember[] members;
    private final GroupMemberLockService[] services;

    private final FsyncPolicy fsync;
    private final MasterSettings settings;

    private LocalGroup(GroupTopology topology, Path dataRoot, FsyncPolicy fsync, MasterSettings settings) {
        this.topology = topology;
        this.fsync = fsync;
        this.settings = settings;
        this.dataRoot = dataRoot;
        this.members = new GroupMember[topology.members().size()];
        this.services = new GroupMemberLockService[members.length];
    }

    static LocalGroup start(int size, Path dataRoot) throws IOException {
        return start(size, dataRoot, FsyncPolicy.DEFAULT);
    }

    static LocalGroup start(int size, Path dataRoot, FsyncPolicy fsync) throws IOException {
        return start(size, dataRoot, fsync, MasterSettings.defaults());
    }

    static LocalGroup start(int size, Path dataRoot, FsyncPolicy fsync, MasterSettings settings) throws IOException {
        LocalGroup group = new LocalGroup(GroupTopology.onOneHost("127.0.0.1", size), dataRoot, fsync, settings);
        for (int i = 0; i < size; i++) {
            group.startMember(i);
        }
        return group;
    }

    void startMember(int i) throws IOException {
        String id = topology.members().get(i).id();
        members[i] = GroupMember.start(topology, id, dataRoot.resolve(id), fsync);
        services[i] = new GroupMemberLockService(members[i], settings);
    }

    void stopMember(int i) throws IOException {
        services[i].close();
        members[i].close();
        services[i] = null;
        members[i] = null;
    }

    GroupMemberLockService service(int i) {
        return services[i];
    }

    GroupTopology topology() {
        return topology;
    }

    int size() {
        return members.length;
    }

    /** @return the index of the member that serves as leader (its term-start entry applied), waiting for one */
    int awaitServingLeader() throws InterruptedException {
        return Await.value(LEADER_WAIT, LEADER_POLL, this::servingLeader,
                () -> "no leader served within " + LEADER_WAIT);
    }

    private Optional<Integer> servingLeader() {
        for (int i = 0; i < members.length; i++) {
            if (services[i] != null && members[i].isLeader()) {
                try {
                    services[i].isLockTypeEmpty("probe");
                    return Optional.of(i);
                } catch (NotLeaderException notYet) {
                    // elected but not serving yet, or deposed meanwhile
                }
            }
        }
        return Optional.empty();
    }

    /** Waits until every running member has applied as far as the one that applied the most. */
    void awaitSameAppliedIndex() throws InterruptedException {
        Await.until(LEADER_WAIT, CATCH_UP_POLL, this::sameAppliedIndex,
                () -> "members did not catch up within " + LEADER_WAIT);
    }

    private boolean sameAppliedIndex() {
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        for (GroupMember member : members) {
            if (member != null) {
                long applied = member.stateMachine().appliedIndex();
                max = Math.max(max, applied);
                min = Math.min(min, applied);
            }
        }
        return max == min;
    }

    GroupMember member(int i) {
        return members[i];
    }

    @Override
    public void close() {
        for (int i = 0; i < members.length; i++) {
            if (members[i] != null) {
                try {
                    stopMember(i);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

}
