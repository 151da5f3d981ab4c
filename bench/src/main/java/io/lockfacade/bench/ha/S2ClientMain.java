package io.lockfacade.bench.ha;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * One client JVM of S2 from several JVMs: warms its threads until an agreed wall-clock instant, then runs S2 for the
 * given time and prints {@value #RESULT_PREFIX} and its pairs per second. Started by {@link S2ClientJvms}.
 *
 * <p>{@code S2ClientMain ENDPOINTS(comma-separated) LEADER_INDEX THREADS START_AT_EPOCH_MILLIS SECONDS LABEL}
 */
public final class S2ClientMain {

    /** Starts the line that carries the result. */
    static final String RESULT_PREFIX = "s2-pairs-per-second ";

    private S2ClientMain() {
    }

    /**
     * Runs this JVM's part.
     *
     * @param args see the class comment
     * @throws InterruptedException if interrupted
     */
    public static void main(String[] args) throws InterruptedException {
        List<String> endpoints = Arrays.asList(args[0].split(","));
        int leader = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        long startAt = Long.parseLong(args[3]);
        Duration measured = Duration.ofSeconds(Long.parseLong(args[4]));
        String label = args[5];
        System.setProperty("http.maxConnections", Integer.toString(2 * threads));
        LockFacadeLatency latency = new LockFacadeLatency(endpoints, leader, LockCalls.Kind.JAVA);
        long warm = startAt - System.currentTimeMillis();
        if (warm > 0) {
            latency.s2(label + "-warmup", threads, Duration.ofMillis(warm));
        }
        System.out.println(RESULT_PREFIX + latency.s2(label, threads, measured));
    }
}
