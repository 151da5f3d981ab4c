package io.lockfacade.bench.node;

import io.lockfacade.webapp.HttpServerSizing;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * A {@link WaiterSwarm} in its own JVM. Usage:
 * {@code WaiterSwarmMain masterUrl lockType waiters hotKeys holdMillis holds} ({@link SwarmHolds#cliName()}).
 * Prints {@value #READY} once every client has sent its first call; on any command stops (ends its session, if
 * any), prints {@value #RESULT} ({@code grants emptyWaits errors deadlocks inFlight firstError}); exits when its
 * standard input ends.
 */
public final class WaiterSwarmMain {

    /** Printed once every client has sent its first call. */
    public static final String READY = "READY";
    /** The swarm's counters, printed when asked. */
    public static final String RESULT = "RESULT";
    /** Asks for the counters and stops the swarm. */
    public static final String STOP = "STOP";

    /** The JDK HttpClient's keep-alive timeout for idle connections, in seconds. */
    static final String KEEP_ALIVE_PROPERTY = "jdk.httpclient.keepalive.timeout";

    /** Idle connections are dropped well before the master's idle timeout closes them. */
    static final Duration KEEP_ALIVE = HttpServerSizing.MIN_IDLE_TIMEOUT.dividedBy(2);

    private WaiterSwarmMain() {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        // Before any HttpClient exists: it reads the property once. Its default keeps idle connections 20 minutes,
        // the master closes them after its idle timeout, and a request sent on one as it closes fails.
        System.setProperty(KEEP_ALIVE_PROPERTY, Long.toString(KEEP_ALIVE.toSeconds()));
        ParentLink parent = new ParentLink();
        try (WaiterSwarm swarm = new WaiterSwarm(URI.create(args[0]), args[1], Integer.parseInt(args[3]),
                Duration.ofMillis(Long.parseLong(args[4])), SwarmHolds.fromCliName(args[5]))) {
            swarm.start(Integer.parseInt(args[2]));
            parent.say(READY);
            parent.awaitCommand();
            swarm.close(); // before the answer: the next swarm may start on the same master at once
            parent.say(RESULT, "grants", swarm.grants(), "emptyWaits", swarm.emptyWaits(), "errors", swarm.errors(),
                    "deadlocks", swarm.deadlocks(), "inFlight", swarm.callsInFlight(),
                    "firstError", swarm.firstError());
            parent.awaitCommand();
        } catch (Exception | Error e) {
            parent.fail(e);
        }
        System.exit(0);
    }

    /** @return the arguments of a swarm of {@code waiters} clients on {@code hotKeys} keys, holding {@code holds} */
    public static List<String> args(URI serviceUri, String lockType, int waiters, int hotKeys, Duration hold,
                                    SwarmHolds holds) {
        return List.of(serviceUri.toString(), lockType, Integer.toString(waiters), Integer.toString(hotKeys),
                Long.toString(hold.toMillis()), holds.cliName());
    }
}
