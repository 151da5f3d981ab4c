package io.lockfacade.webapp;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.tls.Pkcs12Stores;
import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.webapp.admin.AdminCredentials;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Turns the master's command line and environment into {@link MasterOptions}.
 *
 * <p>Flags take a value as the next argument or after {@code =} ({@code --port 0}, {@code --port=0}); each may
 * appear once. {@value #SECRET_ENV} and {@value #ADMIN_PASSWORD_ENV} stand for {@code --secret} and
 * {@code --admin-password} when those flags are absent (prefer them: the environment is not shown by {@code ps}).
 * The TLS stores' passwords come only from {@value #TLS_KEYSTORE_PASSWORD_ENV} and
 * {@value #TLS_TRUSTSTORE_PASSWORD_ENV}; both stores are read while parsing, so a wrong path or password is a usage
 * error.
 * Without an admin password, a random one is generated and flagged so the caller can print it.
 */
public final class MasterOptionsParser {

    /** Environment variable standing for {@code --secret}. */
    public static final String SECRET_ENV = "LOCKFACADE_SECRET";

    /** Environment variable standing for {@code --admin-password}. */
    public static final String ADMIN_PASSWORD_ENV = "LOCKFACADE_ADMIN_PASSWORD";

    /** Environment variable holding the password of {@code --tls-keystore} (never a flag: {@code ps} shows flags). */
    public static final String TLS_KEYSTORE_PASSWORD_ENV = "LOCKFACADE_TLS_KEYSTORE_PASSWORD";

    /** Environment variable holding the password of {@code --tls-truststore}. */
    public static final String TLS_TRUSTSTORE_PASSWORD_ENV = "LOCKFACADE_TLS_TRUSTSTORE_PASSWORD";

    /** The flag that prints the usage. */
    public static final String HELP_FLAG = "--help";

    private static final String HOST = "--host";
    private static final String PORT = "--port";
    private static final String DEFAULT_LEASE = "--default-lease";
    private static final String WAIT_CAP = "--wait-cap";
    private static final String SECRET = "--secret";
    private static final String ADMIN_USER = "--admin-user";
    private static final String ADMIN_PASSWORD = "--admin-password";
    private static final String NODE_ID = "--node-id";
    private static final String GROUP = "--group";
    private static final String DATA_DIR = "--data-dir";
    private static final String FSYNC = "--fsync";
    private static final String TLS_KEYSTORE = "--tls-keystore";
    private static final String TLS_TRUSTSTORE = "--tls-truststore";
    private static final String TLS_CLIENT_AUTH = "--tls-client-auth";
    private static final Set<String> FLAGS = Set.of(HOST, PORT, DEFAULT_LEASE, WAIT_CAP, SECRET, ADMIN_USER,
            ADMIN_PASSWORD, NODE_ID, GROUP, DATA_DIR, FSYNC, TLS_KEYSTORE, TLS_TRUSTSTORE, TLS_CLIENT_AUTH);

    /** The usage text {@code --help} prints. */
    public static final String USAGE = """
            Usage: java -jar lock-facade-webapp.jar [options]

            Runs the Lock Facade master: the lock service over Hessian at /remoting/MemoryLockService
            and the admin page at /admin/locks.

            Options:
              --host HOST               address to listen on (default 127.0.0.1)
              --port PORT               port to listen on; 0 picks a free one (default 8080)
              --default-lease DURATION  lease of calls that name none (default 10m)
              --wait-cap DURATION       longest one tryLock call waits on the master (default 10s)
              --secret SECRET           shared secret clients must send in the X-Lock-Secret header
                                        (or env LOCKFACADE_SECRET; default: none required)
              --admin-user USER         admin page user (default admin)
              --admin-password PASS     admin page password (or env LOCKFACADE_ADMIN_PASSWORD;
                                        default: generated and printed at start)
              --node-id ID              this member's id in --group (with --group)
              --group n1=HOST:HTTP_PORT:RAFT_PORT,n2=...,n3=...
                                        run as a member of a replicated master group; every member
                                        gets the same list; HTTP host and port come from its entry
              --data-dir DIR            the member's Raft log and snapshots
                                        (default ./lockfacade-data/<node-id>)
              --fsync always|off        when the member forces its Raft log to disk (default always:
                                        before an entry counts; off can lose answered grants on a
                                        power loss, see docs/master-group.md)
              --tls-keystore FILE       PKCS12 keystore with this master's certificate and key: the
                                        port then serves HTTPS only (password in env
                                        LOCKFACADE_TLS_KEYSTORE_PASSWORD)
              --tls-truststore FILE     PKCS12 truststore with the CA(s) that sign members' (and, with
                                        --tls-client-auth, clients') certificates; required on a group
                                        member (password in env LOCKFACADE_TLS_TRUSTSTORE_PASSWORD)
              --tls-client-auth need|want|none
                                        whether HTTPS clients must present a certificate (default none)
              --help                    print this help and exit

            Durations are a whole number and a unit: 500ms, 30s, 10m, 1h.
            """;

    private final Map<String, String> environment;
    private final Supplier<String> passwordGenerator;

    /** Creates a parser on the process environment and a secure random password generator. */
    public MasterOptionsParser() {
        this(System.getenv(), AdminCredentials::generatePassword);
    }

    /**
     * @param environment       the environment variables to read ({@value #SECRET_ENV}, {@value #ADMIN_PASSWORD_ENV})
     * @param passwordGenerator makes the admin password when none is given
     */
    public MasterOptionsParser(Map<String, String> environment, Supplier<String> passwordGenerator) {
        this.environment = Map.copyOf(environment);
        this.passwordGenerator = passwordGenerator;
    }

    /**
     * @param args the command line
     * @return whether it asks for the usage text
     */
    public static boolean wantsHelp(List<String> args) {
        return args.contains(HELP_FLAG) || args.contains("-h");
    }

    /**
     * @param args the command line, without {@code --help}
     * @return the options, every value checked
     * @throws UsageException if a flag is unknown, repeated, lacks its value or has a bad one
     */
    public MasterOptions parse(List<String> args) throws UsageException {
        Map<String, String> values = readFlags(args);
        try {
            String password = valueOrEnv(values, ADMIN_PASSWORD, ADMIN_PASSWORD_ENV);
            boolean generated = password == null;
            MasterGroupOptions group = group(values);
            String defaultHost = group == null ? MasterOptions.DEFAULT_HOST : group.self().host();
            int defaultPort = group == null ? MasterOptions.DEFAULT_PORT : group.self().httpPort();
            return new MasterOptions(
                    values.getOrDefault(HOST, defaultHost),
                    values.containsKey(PORT) ? port(values.get(PORT)) : defaultPort,
                    duration(values, DEFAULT_LEASE, LockLimits.DEFAULT_MASTER_LEASE),
                    duration(values, WAIT_CAP, LockLimits.DEFAULT_WAIT_CAP),
                    valueOrEnv(values, SECRET, SECRET_ENV),
                    values.getOrDefault(ADMIN_USER, MasterOptions.DEFAULT_ADMIN_USER),
                    generated ? passwordGenerator.get() : password,
                    generated,
                    group,
                    tls(values));
        } catch (IllegalArgumentException bad) {
            throw new UsageException(bad.getMessage());
        }
    }

    private static MasterGroupOptions group(Map<String, String> values) {
        String nodeId = values.get(NODE_ID);
        String group = values.get(GROUP);
        if (nodeId == null && group == null) {
            for (String memberOnly : List.of(DATA_DIR, FSYNC)) {
                if (values.containsKey(memberOnly)) {
                    throw new IllegalArgumentException(memberOnly + " needs " + NODE_ID + " and " + GROUP);
                }
            }
            return null;
        }
        if (nodeId == null || group == null) {
            throw new IllegalArgumentException(NODE_ID + " and " + GROUP + " go together");
        }
        String dataDir = values.get(DATA_DIR);
        if (dataDir != null && dataDir.isBlank()) {
            throw new IllegalArgumentException(DATA_DIR + " must not be empty");
        }
        return new MasterGroupOptions(nodeId, GroupTopology.parse(group),
                dataDir == null ? MasterGroupOptions.defaultDataDir(nodeId) : Path.of(dataDir),
                values.containsKey(FSYNC) ? fsync(values.get(FSYNC)) : FsyncPolicy.DEFAULT);
    }

    private MasterTlsOptions tls(Map<String, String> values) {
        String keystore = values.get(TLS_KEYSTORE);
        String truststore = values.get(TLS_TRUSTSTORE);
        String clientAuth = values.get(TLS_CLIENT_AUTH);
        if (keystore == null) {
            for (String tlsOnly : List.of(TLS_TRUSTSTORE, TLS_CLIENT_AUTH)) {
                if (values.containsKey(tlsOnly)) {
                    throw new IllegalArgumentException(tlsOnly + " needs " + TLS_KEYSTORE);
                }
            }
            return null;
        }
        TlsStores stores = new TlsStores(storePath(TLS_KEYSTORE, keystore), environment.get(TLS_KEYSTORE_PASSWORD_ENV),
                truststore == null ? null : storePath(TLS_TRUSTSTORE, truststore),
                environment.get(TLS_TRUSTSTORE_PASSWORD_ENV));
        // read both now: a wrong path or password stops the start with a clear message, not the first handshake
        Pkcs12Stores.keyManager(stores.keystore(), stores.keystorePassword());
        if (stores.hasTruststore()) {
            Pkcs12Stores.trustManager(stores.truststore(), stores.truststorePassword());
        }
        MasterTlsOptions.ClientAuth auth;
        try {
            auth = clientAuth == null ? MasterTlsOptions.ClientAuth.NONE : MasterTlsOptions.ClientAuth.parse(clientAuth);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(TLS_CLIENT_AUTH + " " + bad.getMessage(), bad);
        }
        return new MasterTlsOptions(stores, auth);
    }

    private static Path storePath(String flag, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(flag + " must not be empty");
        }
        return Path.of(value);
    }

    private static FsyncPolicy fsync(String value) {
        try {
            return FsyncPolicy.parse(value);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(FSYNC + ": " + bad.getMessage(), bad);
        }
    }

    private static Map<String, String> readFlags(List<String> args) throws UsageException {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int equals = arg.indexOf('=');
            String flag = equals > 0 ? arg.substring(0, equals) : arg;
            if (!FLAGS.contains(flag)) {
                throw new UsageException(arg.startsWith("-") ? "unknown option " + flag
                        : "unexpected argument \"" + arg + "\"");
            }
            String value;
            if (equals > 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new UsageException(flag + " needs a value");
            }
            if (values.putIfAbsent(flag, value) != null) {
                throw new UsageException(flag + " given more than once");
            }
        }
        return values;
    }

    private String valueOrEnv(Map<String, String> values, String flag, String variable) {
        String value = values.get(flag);
        if (value != null) {
            return value;
        }
        String fromEnv = environment.get(variable);
        return fromEnv == null || fromEnv.isEmpty() ? null : fromEnv;
    }

    private static int port(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PORT + " must be a number between 0 and " + MasterOptions.MAX_PORT
                    + ", was \"" + text + "\"");
        }
    }

    private static Duration duration(Map<String, String> values, String flag, Duration fallback) {
        String text = values.get(flag);
        if (text == null) {
            return fallback;
        }
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage());
        }
    }
}
