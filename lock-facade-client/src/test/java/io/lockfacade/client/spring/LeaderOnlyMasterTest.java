package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.scheduling.annotation.EnableScheduling;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LeaderOnly} {@code @Scheduled} jobs and a {@link LockFacadeLeadership} bean on two nodes of a real master:
 * one node runs the job, the other skips it; closing the leader's context hands over at once.
 */
class LeaderOnlyMasterTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    /** A node: the client beans from the environment, a leader-only job and a leadership bean. */
    @Configuration(proxyBeanMethods = false)
    @EnableLockFacade
    @EnableLeaderOnly
    @EnableScheduling
    static class Node {
        @Bean
        ReportJob reportJob(@Value("${lockfacade.node-id}") String node, LeaderOnlyLeaderships leaderships) {
            return new ReportJob(node, leaderships);
        }

        // tag::leadership-bean[]
        @Bean
        LockFacadeLeadership cacheWarmerLeader(LockFacade locks) {
            return new LockFacadeLeadership(locks, "cache-warmer"); // joins on start, leaves on stop
        }
        // end::leadership-bean[]
    }

    /** Not void: refused at start-up. */
    @Configuration(proxyBeanMethods = false)
    @EnableLockFacade
    @EnableLeaderOnly
    static class BadNode {
        @Bean
        BadJob badJob() {
            return new BadJob();
        }
    }

    /** A leader-only method with a result. */
    public static class BadJob {
        @LeaderOnly("bad")
        public int count() {
            return 1;
        }
    }

    private final List<AnnotationConfigApplicationContext> nodes = new ArrayList<>();
    private RealMaster master;

    @BeforeEach
    void startMaster() throws Exception {
        master = RealMaster.start();
        ReportJob.JOURNAL.clear();
    }

    @AfterEach
    void stopEverything() {
        nodes.forEach(AnnotationConfigApplicationContext::close);
        master.close();
    }

    @Test
    void oneNodeRunsTheJobAndClosingItHandsOver() throws Exception {
        AnnotationConfigApplicationContext a = node("node-a", Node.class);
        AnnotationConfigApplicationContext b = node("node-b", Node.class);
        Await.until(PATIENCE, Duration.ofMillis(50), () -> ReportJob.JOURNAL.size() >= 5,
                () -> "the job ran five times");

        String first = ReportJob.JOURNAL.get(0).split(" ")[0];
        AnnotationConfigApplicationContext leader = first.equals("node-a") ? a : b;
        AnnotationConfigApplicationContext other = leader == a ? b : a;
        Await.until(PATIENCE, Duration.ofMillis(50),
                () -> other.getBean(LeaderOnlyLeaderships.class).skippedRuns("nightly-report") > 0,
                () -> "the other node skipped a run");
        assertTrue(ReportJob.JOURNAL.stream().allMatch(run -> run.startsWith(first + " ")), "only " + first
                + " ran the job: " + ReportJob.JOURNAL);
        assertEquals(0, other.getBean(LeaderOnlyLeaderships.class).ranRuns("nightly-report"));
        assertEquals(1, nodes.stream().filter(n -> n.getBean(LockFacadeLeadership.class).isLeader()).count(),
                "one node leads the cache warmer");

        leader.close();
        int before = ReportJob.JOURNAL.size();
        Await.until(PATIENCE, Duration.ofMillis(50),
                () -> ReportJob.JOURNAL.stream().skip(before).anyMatch(run -> !run.startsWith(first + " ")),
                () -> "the other node took over");
        assertTrue(other.getBean(LockFacadeLeadership.class).isLeader(), () -> "and the cache warmer too");
        assertEpochsNeverGoBack();
    }

    @Test
    void aLeaderOnlyMethodThatReturnsAValueFailsStartUp() {
        Exception thrown = assertThrows(Exception.class, () -> node("node-bad", BadNode.class));
        assertTrue(String.valueOf(thrown.getMessage()).contains("must return void")
                || String.valueOf(thrown.getCause()).contains("must return void"), thrown.toString());
    }

    private static void assertEpochsNeverGoBack() {
        long last = 0;
        for (String run : ReportJob.JOURNAL) {
            long epoch = Long.parseLong(run.split(" ")[1]);
            assertTrue(epoch >= last, "epochs never go back: " + ReportJob.JOURNAL);
            assertTrue(epoch > 0, "every run saw its leader's epoch: " + run);
            last = epoch;
        }
    }

    private AnnotationConfigApplicationContext node(String nodeId, Class<?> config) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.getEnvironment().getPropertySources()
                .addFirst(new MapPropertySource(nodeId, master.nodeProperties(nodeId)));
        context.register(config);
        nodes.add(context);
        context.refresh();
        return context;
    }
}
