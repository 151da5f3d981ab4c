package io.lockfacade.demo.cluster;

import io.lockfacade.demo.node.NodeProtocol;
import io.lockfacade.demo.node.NodeReport;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Kills the leader of a master group in the middle of a run and follows the takeover (see {@link Failover} for
 * what is measured): asks the survivors every {@link #POLL} which of them leads, then tells the nodes from which
 * instant on a grant can only be the new leader's ({@link NodeProtocol#FIRST_GRANT_SINCE}). The nodes report their
 * first such grant with their results.
 */
final class LeaderCrash {

    /** How long the survivors may take to elect a leader before the failover counts as failed. */
    static final Duration TAKEOVER_TIMEOUT = Duration.ofSeconds(30);
    /** Time between two rounds of questions to the survivors: short against an election of a few 100 ms. */
    static final Duration POLL = Duration.ofMillis(20);

    private final MasterGroupProcess group;
    private final PrintStream out;
    private long killedAtMillis;
    private Failover failover;

    /**
     * @param group the group whose leader is killed
     * @param out   where the kill and the takeover are announced
     */
    LeaderCrash(MasterGroupProcess group, PrintStream out) {
        this.group = group;
        this.out = out;
    }

    /** @return whether the leader has been killed already */
    boolean happened() {
        return failover != null;
    }

    /**
     * Kills the current leader with {@code SIGKILL}, waits for a survivor to lead and tells the nodes.
     *
     * @param intoRunMillis how long the workload has run
     * @param nodes         the running nodes
     * @throws IllegalStateException if the group agrees on no leader to kill
     * @throws InterruptedException  if interrupted while waiting
     */
    void crash(long intoRunMillis, List<NodeProcess> nodes) throws InterruptedException {
        String leader = group.awaitLeader(MasterGroupProcess.LEADER_TIMEOUT);
        MasterProcess victim = group.member(leader);
        long pid = victim.pid();
        killedAtMillis = System.currentTimeMillis();
        if (!victim.kill()) {
            throw new IllegalStateException("the leader " + leader + " (pid " + pid + ") did not die on SIGKILL");
        }
        Map<String, Long> lastNotLeading = new HashMap<>();
        Optional<String> newLeader = Optional.empty();
        long deadline = System.nanoTime() + TAKEOVER_TIMEOUT.toNanos();
        while (newLeader.isEmpty() && System.nanoTime() - deadline < 0) {
            newLeader = pollSurvivors(leader, lastNotLeading);
            if (newLeader.isEmpty()) {
                TimeUnit.MILLISECONDS.sleep(POLL.toMillis());
            }
        }
        OptionalLong leaderAfter = newLeader.isPresent()
                ? OptionalLong.of(System.currentTimeMillis() - killedAtMillis) : OptionalLong.empty();
        failover = new Failover(leader, pid, intoRunMillis, newLeader, leaderAfter, OptionalLong.empty());
        newLeader.ifPresentOrElse(id -> {
            long grantsFrom = lastNotLeading.getOrDefault(id, killedAtMillis);
            nodes.forEach(node -> tell(node, NodeProtocol.firstGrantSince(grantsFrom)));
            out.printf("  killed the leader %s (pid %d, SIGKILL) after %.1f s; %s leads %d ms later%n", leader, pid,
                    intoRunMillis / (double) ClusterRun.MILLIS_PER_SECOND, id, leaderAfter.getAsLong());
        }, () -> out.printf("  killed the leader %s (pid %d, SIGKILL) after %.1f s; no survivor leads within %s%n",
                leader, pid, intoRunMillis / (double) ClusterRun.MILLIS_PER_SECOND, TAKEOVER_TIMEOUT));
    }

    /**
     * @param reports every node's report
     * @return what happened, with the failover time from the earliest first grant the nodes reported
     * @throws IllegalStateException if the leader was not killed
     */
    Failover outcome(List<NodeReport> reports) {
        if (failover == null) {
            throw new IllegalStateException("the leader was not killed");
        }
        OptionalLong firstGrant = reports.stream().mapToLong(NodeReport::firstGrantSince)
                .filter(time -> time != NodeReport.NO_GRANT).min();
        return failover.withFirstGrantMillis(firstGrant.isPresent()
                ? OptionalLong.of(firstGrant.getAsLong() - killedAtMillis) : OptionalLong.empty());
    }

    /**
     * Asks every survivor once.
     *
     * @return the survivor that says it leads, if one does; else notes when each survivor said it did not
     */
    private Optional<String> pollSurvivors(String killed, Map<String, Long> lastNotLeading)
            throws InterruptedException {
        for (String id : group.ids()) {
            if (id.equals(killed)) {
                continue;
            }
            long askedAt = System.currentTimeMillis();
            Optional<MemberStatusProbe.View> view = group.probe().ask(group.member(id).baseUri());
            if (view.isPresent() && view.get().leads()) {
                return Optional.of(id);
            }
            if (view.isPresent()) {
                lastNotLeading.put(id, askedAt);
            }
        }
        return Optional.empty();
    }

    private static void tell(NodeProcess node, String command) {
        try {
            node.send(command);
        } catch (UncheckedIOException e) {
            // a node that has gone reports no grant; the launcher reports its exit
        }
    }
}
