package io.lockfacade.demo.node;

import io.lockfacade.demo.bank.AccountStore;
import io.lockfacade.demo.bank.Bank;
import io.lockfacade.demo.bank.LockAcquisitions;
import io.lockfacade.demo.boot.BootNodeApplication;
import io.lockfacade.demo.locks.GrantTimes;
import io.lockfacade.demo.locks.RemoteCallCounter;
import io.lockfacade.demo.process.ParentWatch;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Entry point of a demo node JVM, started by the launcher: a plain Spring application
 * ({@link AnnotationConfigApplicationContext}, no Spring Boot) made of {@link NodeConfiguration} and the
 * configuration of the lock mode named by {@code demo.lock}, or, with {@code demo.spring-boot=true}, the Spring
 * Boot application {@link BootNodeApplication} using the starter. It talks to the launcher as {@link NodeProtocol}
 * describes.
 *
 * <p>Exit codes: 0 after the report; 1 if the context cannot start or the start command does not come within
 * {@link #START_TIMEOUT}; {@link ParentWatch#EXIT_PARENT_GONE} if the launcher goes away.
 */
public final class NodeMain {

    /** How long a ready node waits for the launcher's start command. */
    static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    /** Time between progress lines: several per launcher progress line, so that each shows fresh counts. */
    static final Duration PROGRESS_INTERVAL = Duration.ofMillis(250);
    private static final int EXIT_FAILED = 1;

    private NodeMain() {
    }

    /** @param args none; the node reads its {@code demo.*} and {@code lockfacade.*} system properties */
    public static void main(String[] args) {
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<GrantTimes> grantTimes = new AtomicReference<>();
        ParentWatch.start("demo-parent-watch", command -> {
            if (NodeProtocol.START.equals(command)) {
                start.countDown();
            }
            watchGrants(command, grantTimes.get());
        });
        try {
            say(NodeProtocol.RESULT, runNode(start, grantTimes).toLine());
        } catch (Exception e) {
            System.err.println("demo node failed: " + e);
            System.exit(EXIT_FAILED);
        }
        System.exit(0);
    }

    private static NodeReport runNode(CountDownLatch start, AtomicReference<GrantTimes> grantTimes)
            throws InterruptedException {
        StandardEnvironment environment = new StandardEnvironment();
        NodeSettings settings = NodeSettings.from(environment);
        WorkloadCounters done;
        long elapsedMillis;
        AccountStore store;
        LockAcquisitions acquisitions;
        Bank bank;
        RemoteCallCounter remoteCalls;
        try (ConfigurableApplicationContext context = startContext(settings, environment)) {
            store = context.getBean(AccountStore.class);
            acquisitions = context.getBean(LockAcquisitions.class);
            bank = context.getBean(Bank.class);
            remoteCalls = context.getBeanProvider(RemoteCallCounter.class).getIfAvailable(RemoteCallCounter::new);
            grantTimes.set(remoteCalls.grantTimes());
            say(NodeProtocol.READY, "");
            if (!start.await(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("no start command within " + START_TIMEOUT);
            }
            long startNanos = System.nanoTime();
            done = runWithProgress(context.getBean(Workload.class));
            elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        }
        // read after the context closed: closing releases the grants the node cached for hand-offs
        return new NodeReport(settings.name(), done.operations(), bank.deposits(), bank.deposited(),
                done.transfers(), done.declined(), done.timedOut(), done.failed(), store.writes(),
                store.fencingViolations(), acquisitions.count(), remoteCalls.calls(), elapsedMillis,
                remoteCalls.grantTimes().firstSince().orElse(NodeReport.NO_GRANT));
    }

    /** Acts on a {@link NodeProtocol#FIRST_GRANT_SINCE} command; other commands and a bad one change nothing. */
    private static void watchGrants(String command, GrantTimes grantTimes) {
        try {
            NodeProtocol.parseFirstGrantSince(command).ifPresent(instant -> {
                if (grantTimes != null) {
                    grantTimes.watchSince(instant);
                }
            });
        } catch (IllegalArgumentException e) {
            System.err.println("demo node ignored a command: " + e.getMessage());
        }
    }

    /** @return the node's running context: a Spring Boot application, or a plain Spring one */
    private static ConfigurableApplicationContext startContext(NodeSettings settings, Environment environment) {
        if (environment.getProperty(BootNodeApplication.PROPERTY, Boolean.class, false)) {
            return BootNodeApplication.run(settings.mode());
        }
        return new AnnotationConfigApplicationContext(NodeConfiguration.class, settings.mode().configuration());
    }

    private static WorkloadCounters runWithProgress(Workload workload) throws InterruptedException {
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "demo-progress");
            thread.setDaemon(true);
            return thread;
        });
        progress.scheduleAtFixedRate(() -> say(NodeProtocol.PROGRESS,
                Long.toString(workload.counters().operations())), PROGRESS_INTERVAL.toMillis(),
                PROGRESS_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        try {
            return workload.run();
        } finally {
            progress.shutdownNow();
        }
    }

    private static synchronized void say(String event, String payload) {
        System.out.println(NodeProtocol.event(event, payload));
        System.out.flush();
    }
}
