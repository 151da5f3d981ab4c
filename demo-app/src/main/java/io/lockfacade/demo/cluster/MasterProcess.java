package io.lockfacade.demo.cluster;

import io.lockfacade.demo.process.DemoJvms;
import io.lockfacade.demo.process.MasterChild;
import io.lockfacade.process.ChildJvm;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The master JVM: {@code lock-facade-webapp}'s {@code MasterMain} from the launcher's class path, on 127.0.0.1,
 * with a shared secret and admin password chosen by the launcher and passed in its environment (never on the
 * command line, where {@code ps} would show them). Ready once it has printed its two URLs.
 */
final class MasterProcess implements AutoCloseable {

    /**
     * How long a master may take to print its URLs: generous, as three or five member JVMs starting at once on a
     * busy 2-vCPU machine took over a minute here.
     */
    static final Duration START_TIMEOUT = Duration.ofSeconds(150);
    /** How long a stopping master may take: Jetty's graceful stop plus a margin. */
    static final Duration STOP_GRACE = Duration.ofSeconds(8);
    /** The admin user of the master's defaults. */
    static final String ADMIN_USER = "admin";

    private static final String HOST = "127.0.0.1";
    private static final Pattern SERVICE_URL = Pattern.compile("(https?://\\S+/remoting/MemoryLockService)");
    private static final Pattern ADMIN_URL = Pattern.compile("(https?://\\S+/admin/locks)");
    private static final String SECRET_ENV = "LOCKFACADE_SECRET";
    private static final String ADMIN_PASSWORD_ENV = "LOCKFACADE_ADMIN_PASSWORD";
    private static final String LOG_LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";
    private static final String QUIET = "warn";
    /**
     * JGroups, under the master group's Raft log, warns of every failed connection to a killed member and of
     * messages it drops from a member that left its view: the demo silences it (a member started by hand shows its
     * logs).
     */
    private static final String RAFT_ENGINE_LOG_PROPERTY = "org.slf4j.simpleLogger.log.org.jgroups";
    private static final String SILENT = "off";

    private final ChildJvm jvm;
    private final URI serviceUri;
    private final URI adminUri;

    private MasterProcess(ChildJvm jvm, URI serviceUri, URI adminUri) {
        this.jvm = jvm;
        this.serviceUri = serviceUri;
        this.adminUri = adminUri;
    }

    /**
     * Starts the master and waits until it is ready.
     *
     * @param port          the port, 0 for any free one
     * @param secret        the shared secret nodes must send
     * @param adminPassword the admin page's password
     * @param errors        where the master's error output goes
     * @return the ready master
     * @throws IOException          if it cannot be started, exits, or is not ready within {@link #START_TIMEOUT}
     * @throws InterruptedException if interrupted while waiting; the master is stopped
     */
    static MasterProcess start(int port, String secret, String adminPassword, PrintStream errors)
            throws IOException, InterruptedException {
        return start("master", port, List.of(), secret, adminPassword, errors);
    }

    /**
     * Starts a master, or a member of a master group when {@code groupArguments} carry {@code --node-id} and
     * {@code --group}, and waits until it serves HTTP (a group member: before any leader exists).
     *
     * @param name           names the JVM in forwarded error output
     * @param port           the HTTP port, 0 for any free one (a group member: the port of its own entry)
     * @param groupArguments further arguments of the master, none for the single master
     * @param secret         the shared secret nodes must send
     * @param adminPassword  the admin page's password
     * @param errors         where the master's error output goes
     * @return the ready master
     * @throws IOException          if it cannot be started, exits, or is not ready within {@link #START_TIMEOUT}
     * @throws InterruptedException if interrupted while waiting; the master is stopped
     */
    static MasterProcess start(String name, int port, List<String> groupArguments, String secret,
                               String adminPassword, PrintStream errors) throws IOException, InterruptedException {
        CountDownLatch ready = new CountDownLatch(2);
        URI[] uris = new URI[2];
        List<String> arguments = new ArrayList<>(List.of("--host", HOST, "--port", Integer.toString(port)));
        arguments.addAll(groupArguments);
        ChildJvm jvm = DemoJvms.start(name, MasterChild.class.getName(),
                Map.of(LOG_LEVEL_PROPERTY, QUIET, RAFT_ENGINE_LOG_PROPERTY, SILENT),
                arguments, Map.of(SECRET_ENV, secret, ADMIN_PASSWORD_ENV, adminPassword),
                line -> {
                    capture(SERVICE_URL.matcher(line), uris, 0, ready);
                    capture(ADMIN_URL.matcher(line), uris, 1, ready);
                }, errors);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (!ready.await(ChildWait.POLL.toMillis(), TimeUnit.MILLISECONDS)) {
                if (!jvm.isAlive() || System.nanoTime() - deadline > 0) {
                    throw new IOException("the " + name + " " + (jvm.isAlive() ? "printed no URLs within "
                            + START_TIMEOUT : "exited with code " + jvm.exitCode().orElseThrow()) + " (its errors are shown above)");
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            jvm.stop(STOP_GRACE);
            throw e;
        }
        synchronized (uris) {
            return new MasterProcess(jvm, uris[0], uris[1]);
        }
    }

    /** @return the JVM's name: {@code master}, or the member's id */
    String name() {
        return jvm.name();
    }

    /** @return the JVM's process id */
    long pid() {
        return jvm.pid();
    }

    /** @return whether the JVM still runs */
    boolean isAlive() {
        return jvm.isAlive();
    }

    /** @return {@code http://HOST:PORT}, where the master serves everything */
    URI baseUri() {
        return serviceUri.resolve("/");
    }

    /** @return the Hessian endpoint nodes use */
    URI serviceUri() {
        return serviceUri;
    }

    /** @return the admin page */
    URI adminUri() {
        return adminUri;
    }

    /**
     * Waits until the master exits: on Ctrl-C, or if it fails.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void awaitExit() throws InterruptedException {
        jvm.awaitExit();
    }

    /**
     * Crashes the master: {@code SIGKILL} of the JVM this object started, nothing else.
     *
     * @return whether it was gone within a few seconds
     * @throws InterruptedException if interrupted while waiting for it to disappear
     */
    boolean kill() throws InterruptedException {
        return jvm.kill();
    }

    /** Stops the master (SIGTERM, then kill after {@link #STOP_GRACE}). */
    @Override
    public void close() {
        jvm.stop(STOP_GRACE);
    }

    private static void capture(Matcher matcher, URI[] uris, int index, CountDownLatch ready) {
        if (matcher.find()) {
            synchronized (uris) {
                if (uris[index] == null) {
                    uris[index] = URI.create(matcher.group(1));
                    ready.countDown();
                }
            }
        }
    }
}
