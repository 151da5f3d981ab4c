package io.lockfacade.testkit.master;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real master in its own JVM, started the way operators start it ({@code java -jar lock-facade-webapp.jar}),
 * that the harness can {@code kill -9} and start again on the same port.
 *
 * <p>The shaded jar named by the {@value #JAR_PROPERTY} system property is copied once before the first start, so
 * a rebuild of the webapp module during a run cannot swap it underneath. Without that jar the master's main class
 * is started from the class path instead (same code, unshaded). The secret and the admin password travel in the
 * environment, as docs/security.md recommends, so they never appear in a command line.
 */
public final class MasterProcess implements AutoCloseable {

    /** System property naming the shaded master jar. */
    public static final String JAR_PROPERTY = "lockfacade.webapp.jar";

    /** The address a master serves on unless its settings name another. */
    public static final String LOOPBACK = "127.0.0.1";

    private static final String MAIN_CLASS = "io.lockfacade.webapp.MasterMain";
    private static final Pattern SERVICE_URL = Pattern.compile("(https?://[^\\s/]+:(\\d+)/remoting/MemoryLockService)");
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
    private static final int RESTART_ATTEMPTS = 10;
    private static final long RESTART_PAUSE_MILLIS = 300;

    private final Settings settings;
    private final Function<List<String>, JavaCommand> launch;
    private ChildJvm current;
    private int port;
    private URI serviceUri;
    private int incarnations;

    /**
     * @param name         prefix of the log files, one per incarnation
     * @param logDir       where the logs go
     * @param secret       the shared secret, or {@code null}
     * @param adminPassword the admin password
     * @param jvmOptions   options of the master JVM (heap, GC, system properties)
     * @param masterArgs   extra command-line flags, e.g. {@code --wait-cap 2s}
     * @param host         the address it serves on ({@code --host})
     * @param wrapper      the command the JVM is started through, keeping its pid (e.g. {@code ip netns exec NS}),
     *                     or empty
     * @param tls          the master's keystore and truststore ({@code --tls-*}, passwords in the environment), or
     *                     {@code null} for plain HTTP
     */
    public record Settings(String name, Path logDir, String secret, String adminPassword, List<String> jvmOptions,
                           List<String> masterArgs, String host, List<String> wrapper, TlsStores tls) {

        /** Settings of a master without TLS. */
        public Settings(String name, Path logDir, String secret, String adminPassword, List<String> jvmOptions,
                        List<String> masterArgs, String host, List<String> wrapper) {
            this(name, logDir, secret, adminPassword, jvmOptions, masterArgs, host, wrapper, null);
        }

        /** Settings of a master on loopback, started directly. */
        public Settings(String name, Path logDir, String secret, String adminPassword, List<String> jvmOptions,
                        List<String> masterArgs) {
            this(name, logDir, secret, adminPassword, jvmOptions, masterArgs, LOOPBACK, List.of());
        }
    }

    private MasterProcess(Settings settings, Function<List<String>, JavaCommand> launch) {
        this.settings = settings;
        this.launch = launch;
    }

    /**
     * Starts a master on a free port and waits until it serves.
     *
     * @throws IllegalStateException if it does not come up; its output is in the message
     */
    public static MasterProcess start(Settings settings) {
        MasterProcess master = new MasterProcess(settings, launchCommand(settings.logDir()));
        master.startOn(0);
        return master;
    }

    /**
     * Starts a master on a port chosen by the caller (a group member must serve on the port its peers were told)
     * and waits until it serves.
     *
     * @throws IllegalStateException if it does not come up on that port
     */
    public static MasterProcess startOnPort(Settings settings, int port) {
        MasterProcess master = new MasterProcess(settings, launchCommand(settings.logDir()));
        master.port = port;
        master.startWithRetries();
        return master;
    }

    /** @return the Hessian endpoint of the current incarnation */
    public URI serviceUri() {
        return serviceUri;
    }

    /** @return the port, the same for every incarnation */
    public int port() {
        return port;
    }

    /** @return how many times a master process was started */
    public int incarnations() {
        return incarnations;
    }

    /** @return the running master JVM, or the last one if it was killed */
    public ChildJvm jvm() {
        return current;
    }

    /** @return whether a master process is running */
    public boolean isUp() {
        return current != null && current.isAlive();
    }

    /** Crashes the master ({@code SIGKILL}): no shutdown hook runs, every lock is gone with it. */
    public void kill() {
        if (current != null) {
            current.kill();
        }
    }

    /**
     * Starts a new master on the same port (retrying while the old socket lingers) and waits until it serves.
     *
     * @throws IllegalStateException if it cannot come up on that port
     */
    public void restart() {
        kill();
        startWithRetries();
    }

    private void startWithRetries() {
        IllegalStateException last = null;
        for (int attempt = 0; attempt < RESTART_ATTEMPTS; attempt++) {
            try {
                startOn(port);
                return;
            } catch (IllegalStateException e) {
                last = e;
                sleep(RESTART_PAUSE_MILLIS);
            }
        }
        throw last;
    }

    @Override
    public void close() {
        if (current != null) {
            current.close();
        }
    }

    private void startOn(int wantedPort) {
        incarnations++;
        List<String> args = new ArrayList<>(List.of("--host", settings.host(), "--port", Integer.toString(wantedPort)));
        args.addAll(settings.masterArgs());
        if (settings.tls() != null) {
            args.addAll(List.of("--tls-keystore", settings.tls().keystore().toString(),
                    "--tls-truststore", settings.tls().truststore().toString()));
        }
        JavaCommand command = launch.apply(args).withJvmOptions(settings.jvmOptions()).wrappedBy(settings.wrapper());
        Map<String, String> env = new HashMap<>();
        env.put("LOCKFACADE_ADMIN_PASSWORD", settings.adminPassword());
        if (settings.secret() != null) {
            env.put("LOCKFACADE_SECRET", settings.secret());
        }
        if (settings.tls() != null) {
            env.put("LOCKFACADE_TLS_KEYSTORE_PASSWORD", settings.tls().keystorePassword());
            env.put("LOCKFACADE_TLS_TRUSTSTORE_PASSWORD", settings.tls().truststorePassword());
        }
        ChildJvm jvm = start(settings.name() + "-" + incarnations, command, env,
                settings.logDir().resolve(settings.name() + "-" + incarnations + ".log"));
        try {
            String ready = jvm.awaitLine(line -> SERVICE_URL.matcher(line).find(), STARTUP_TIMEOUT);
            Matcher url = SERVICE_URL.matcher(ready);
            url.find();
            current = jvm;
            serviceUri = URI.create(url.group(1));
            port = Integer.parseInt(url.group(2));
        } catch (TimeoutException e) {
            jvm.close();
            throw new IllegalStateException("the master did not start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            jvm.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the master", e);
        }
    }

    private static ChildJvm start(String name, JavaCommand command, Map<String, String> env, Path log) {
        try {
            return ChildJvm.launcher(name, command).environment(env).log(log).withoutInput().killedAtExit().start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    /** @return how the master is launched: from a private copy of the shaded jar if there is one, else by class */
    private static Function<List<String>, JavaCommand> launchCommand(Path logDir) {
        String jar = System.getProperty(JAR_PROPERTY);
        if (jar != null && Files.isRegularFile(Path.of(jar))) {
            try {
                Files.createDirectories(logDir);
                Path copy = logDir.resolve("lock-facade-webapp-under-test.jar");
                Files.copy(Path.of(jar), copy, StandardCopyOption.REPLACE_EXISTING);
                return args -> JavaCommand.jar(copy, args);
            } catch (IOException e) {
                throw new UncheckedIOException("could not copy the master jar " + jar, e);
            }
        }
        return args -> JavaCommand.mainClass(MAIN_CLASS, args);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
