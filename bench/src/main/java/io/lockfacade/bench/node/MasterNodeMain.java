package io.lockfacade.bench.node;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.client.Design;
import io.lockfacade.webapp.HttpServerSizing;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A master of either design in its own JVM, so that its CPU time, threads and heap are its own. Usage:
 * {@code MasterNodeMain facade|article}. Prints {@value MasterCommands#READY} with the endpoint, then answers the
 * {@link MasterCommands} one line each until its standard input ends.
 */
public final class MasterNodeMain {

    private static final int GC_ROUNDS = 3;
    private static final long GC_PAUSE_MILLIS = 200;
    private static final int HELD_THREAD_SAMPLES = 5;
    private static final long HELD_THREAD_SAMPLE_GAP_MILLIS = 50;
    private static final String SERVICE_PACKAGE = "io.lockfacade.server.service.";
    private static final String BASELINE_PACKAGE = "io.lockfacade.bench.baseline.";

    private final HostedMaster master;
    private final ParentLink parent;
    private final SessionCommands sessions;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private MasterNodeMain(HostedMaster master, ParentLink parent) {
        this.master = master;
        this.parent = parent;
        this.sessions = new SessionCommands(master, parent);
    }

    /**
     * @param args the design's command-line name
     */
    public static void main(String[] args) {
        ParentLink parent = new ParentLink();
        try (HostedMaster master = HostedMaster.start(Design.fromCliName(args[0]))) {
            parent.say(MasterCommands.READY, "url", master.serviceUri(), "pid", ProcessHandle.current().pid());
            new MasterNodeMain(master, parent).serve();
        } catch (Exception | Error e) {
            parent.fail(e);
        }
        System.exit(0);
    }

    private void serve() throws InterruptedException {
        String text;
        while ((text = parent.nextCommand()) != null) {
            NodeLine command = NodeLine.parse(text);
            switch (command.tag()) {
                case MasterCommands.STATS -> parent.say(MasterCommands.STATS, "cpuNanos", os.getProcessCpuTime(),
                        "wallNanos", System.nanoTime(), "threads", threads.getThreadCount(),
                        "peakThreads", threads.getPeakThreadCount(), "held", master.heldLocks(),
                        "grants", master.grants());
                case MasterCommands.RESET_PEAK -> {
                    threads.resetPeakThreadCount();
                    parent.say(MasterCommands.OK);
                }
                case MasterCommands.WAITERS -> parent.say(MasterCommands.WAITERS,
                        "n", master.parkedWaiters(command.text("type")));
                case MasterCommands.HEAP -> parent.say(MasterCommands.HEAP, "used", heapAfterGc());
                case MasterCommands.HELD_THREADS -> sayHeldThreads();
                case MasterCommands.FILL -> fill(command, false);
                case MasterCommands.FILL_EXPIRING -> fill(command, true);
                case MasterCommands.WATCH_SESSIONS -> sessions.watch(command);
                case MasterCommands.KEEP_ALIVES -> sessions.sayKeepAlives();
                case MasterCommands.FILL_SESSION -> sessions.fill(command);
                case MasterCommands.AWAIT_EMPTY -> sessions.awaitEmpty(command);
                default -> parent.say(NodeLine.ERROR, "message", "unknown_command_" + command.tag());
            }
        }
        sessions.close();
    }

    /**
     * Counts request threads waiting inside the lock service in a few samples apart and reports the fewest: a thread
     * that waits a moment for a queue's lock is not a waiting call, one that holds its thread stays in every sample.
     */
    private void sayHeldThreads() throws InterruptedException {
        int fewestHeld = Integer.MAX_VALUE;
        int pool = 0;
        for (int sample = 0; sample < HELD_THREAD_SAMPLES; sample++) {
            if (sample > 0) {
                Thread.sleep(HELD_THREAD_SAMPLE_GAP_MILLIS);
            }
            int held = 0;
            pool = 0;
            for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
                if (!thread.getKey().getName().startsWith(HttpServerSizing.THREAD_NAME)) {
                    continue;
                }
                pool++;
                Thread.State state = thread.getKey().getState();
                boolean waiting = state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
                if (waiting && Arrays.stream(thread.getValue()).anyMatch(MasterNodeMain::isLockService)) {
                    held++;
                }
            }
            fewestHeld = Math.min(fewestHeld, held);
        }
        parent.say(MasterCommands.HELD_THREADS, "n", fewestHeld, "pool", pool);
    }

    private static boolean isLockService(StackTraceElement frame) {
        return frame.getClassName().startsWith(SERVICE_PACKAGE) || frame.getClassName().startsWith(BASELINE_PACKAGE);
    }

    private void fill(NodeLine command, boolean expiring) {
        String type = command.text("type");
        int count = (int) command.number("count");
        int owners = (int) command.number("owners");
        long started = System.nanoTime();
        long deadline = expiring ? started + TimeUnit.MILLISECONDS.toNanos(command.number("inMillis")) : 0;
        long fixedLease = expiring ? 0 : command.number("leaseMillis");
        MemoryLockService service = master.service();
        int granted = 0;
        for (int i = 0; i < count; i++) {
            long lease = expiring ? leaseUntil(deadline) : fixedLease;
            // Fresh strings, as decoding a call would make them; owners repeat as threads of a few nodes would.
            if (service.tryLock(type, "f" + i, "filler-" + (i % owners), lease, 0) != null) {
                granted++;
            }
        }
        parent.say(MasterCommands.FILLED, "count", granted,
                "millis", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), "deadlineNanos", deadline);
    }

    private static long leaseUntil(long deadlineNanos) {
        long roundUp = TimeUnit.MILLISECONDS.toNanos(1) - 1;
        long millis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime() + roundUp);
        return Math.max(LockLimits.MIN_LEASE.toMillis(), millis);
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < GC_ROUNDS; i++) {
            System.gc();
            Thread.sleep(GC_PAUSE_MILLIS);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
