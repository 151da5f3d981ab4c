package io.lockfacade.reliability;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.reliability.primitives.PrimitiveWorker;
import io.lockfacade.reliability.primitives.SectionReferee;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A read-write lock, a semaphore and a leadership of a 3-member master group (3 JVMs) used by 2 worker JVMs through
 * the raw Hessian client, across a {@code kill -9} of the group's leader: no writer ever beside a reader or writer,
 * never more permit holders than the capacity, never two participants writing under one epoch (an old leader's
 * writes fenced), no worker losing its session, and work going on after the failover. Prints one
 * {@code RELIABILITY primitives ...} line.
 */
@EnabledIfSystemProperty(named = "lockfacade.group.chaos", matches = "true", disabledReason =
        "multi-JVM group faults, minutes long: run with -Dlockfacade.group.chaos=true (docs/reliability.md)")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class GroupPrimitivesChaosTest {

    private static final Duration RUN = Duration.ofSeconds(24);
    private static final Duration KILL_AFTER = Duration.ofSeconds(8);
    private static final Path LOGS = Path.of(System.getProperty("reliability.logs", "target/reliability-logs"))
            .resolve("group-primitives");

    @TempDir
    Path data;

    @Test
    void noOverlapNoOvergrantAndOneWritingLeaderAcrossAKilledGroupLeader() throws Exception {
        try (MasterGroup group = MasterGroup.start(GroupChaosLimits.MEMBERS, data, LOGS,
                GroupChaosLimits.ADMIN_PASSWORD, GroupChaosLimits.MEMBER_JVM_OPTIONS);
             SectionReferee referee = new SectionReferee(PrimitiveWorker.CAPACITY)) {
            String leader = group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
            String endpoints = group.ids().stream().map(id -> group.endpoint(id).toString())
                    .collect(Collectors.joining(","));
            List<ChildJvm> workers = new ArrayList<>();
            try {
                for (String name : List.of("w1", "w2")) {
                    workers.add(ChildJvm.launcher(name, JavaCommand.mainClass(PrimitiveWorker.class.getName(),
                            List.of(endpoints, String.valueOf(referee.port()), name,
                                    String.valueOf(RUN.toMillis()), "4")))
                            .log(LOGS.resolve(name + ".log")).keepLines().killedAtExit().start());
                }
                Thread.sleep(KILL_AFTER.toMillis());
                long sectionsBeforeKill = referee.sections();
                group.kill(leader);
                String next = group.awaitLeader(group.ids().stream().filter(id -> !id.equals(leader)).toList(),
                        GroupChaosLimits.FAILOVER_TIMEOUT);
                group.restart(leader);

                for (ChildJvm worker : workers) {
                    Optional<Integer> exit = worker.awaitExit(RUN.plusSeconds(60));
                    assertEquals(Optional.of(0), exit, worker.name() + " ended badly: " + worker.tail());
                    assertTrue(worker.lines().stream().anyMatch(line -> line.startsWith("DONE")), worker::tail);
                }
                System.out.println("RELIABILITY primitives: killed leader " + leader + ", new leader " + next + "; "
                        + referee.summary() + "; sections before the kill " + sectionsBeforeKill + "; "
                        + workers.stream().flatMap(w -> w.lines().stream()).filter(l -> l.startsWith("DONE"))
                        .toList());
                assertEquals(List.of(), referee.violations());
                assertTrue(referee.sections() > sectionsBeforeKill, "work went on after the failover");
            } finally {
                workers.forEach(ChildJvm::close);
            }
        }
    }
}
