package io.lockfacade.webapp;

import io.lockfacade.api.LockLimits;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How to run a master: where it listens, its lease and wait settings, and its credentials.
 *
 * <p>Build it with {@link MasterOptionsParser} from the command line, or with {@link #defaults()} and the
 * {@code with...} methods in tests. {@link #toString()} never shows the secret or the admin password.
 *
 * @param host                   the address to listen on
 * @param port                   the port to listen on; 0 picks a free one
 * @param defaultLease           the lease of calls that name none
 * @param waitCap                the longest one {@code tryLock} call waits on the master
 * @param secret                 the shared secret of the Hessian endpoint, or {@code null} for none
 * @param adminUser              the admin page's user name
 * @param adminPassword          the admin page's password
 * @param adminPasswordGenerated whether the password was generated (and must be shown to the operator)
 * @param group                  how this master joins a master group, or {@code null} for a single master
 * @param tls                    how this master uses TLS, or {@code null} for plain HTTP
 */
public record MasterOptions(String host, int port, Duration defaultLease, Duration waitCap, String secret,
                            String adminUser, String adminPassword, boolean adminPasswordGenerated,
                            MasterGroupOptions group, MasterTlsOptions tls) {

    /** Default listening address: this machine only. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    /** Default port. */
    public static final int DEFAULT_PORT = 8080;

    /** Default admin user name. */
    public static final String DEFAULT_ADMIN_USER = "admin";

    /** Highest TCP port number. */
    public static final int MAX_PORT = 65_535;

    /** Checks the options; the messages name the command-line flag concerned. */
    public MasterOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(defaultLease, "defaultLease");
        Objects.requireNonNull(waitCap, "waitCap");
        Objects.requireNonNull(adminUser, "adminUser");
        Objects.requireNonNull(adminPassword, "adminPassword");
        require(!host.isBlank(), "--host must not be empty");
        require(port >= 0 && port <= MAX_PORT, "--port must be between 0 and " + MAX_PORT + ", was " + port);
        require(defaultLease.compareTo(LockLimits.MIN_LEASE) >= 0 && defaultLease.compareTo(LockLimits.MAX_LEASE) <= 0,
                "--default-lease must be between " + DurationText.format(LockLimits.MIN_LEASE) + " and "
                        + DurationText.format(LockLimits.MAX_LEASE) + ", was " + DurationText.format(defaultLease));
        require(!waitCap.isNegative() && waitCap.compareTo(LockLimits.MAX_WAIT) <= 0,
                "--wait-cap must be between 0s and " + DurationText.format(LockLimits.MAX_WAIT));
        require(secret == null || !secret.isEmpty(), "--secret must not be empty");
        require(!adminUser.isEmpty() && adminUser.indexOf(':') < 0, "--admin-user must be non-empty without ':'");
        require(!adminPassword.isEmpty(), "--admin-password must not be empty");
        require(group == null || (group.self().host().equals(host) && group.self().httpPort() == port),
                "--host and --port must agree with this member's entry in --group");
        require(group == null || tls == null || tls.stores().hasTruststore(),
                "a group member with TLS needs --tls-truststore to check its peers' certificates");
    }

    /** Options without TLS. */
    public MasterOptions(String host, int port, Duration defaultLease, Duration waitCap, String secret,
                         String adminUser, String adminPassword, boolean adminPasswordGenerated,
                         MasterGroupOptions group) {
        this(host, port, defaultLease, waitCap, secret, adminUser, adminPassword, adminPasswordGenerated, group, null);
    }

    /** A single master's options (no group). */
    public MasterOptions(String host, int port, Duration defaultLease, Duration waitCap, String secret,
                         String adminUser, String adminPassword, boolean adminPasswordGenerated) {
        this(host, port, defaultLease, waitCap, secret, adminUser, adminPassword, adminPasswordGenerated, null, null);
    }

    /** @return how this master joins a group, or empty for a single master */
    public Optional<MasterGroupOptions> optionalGroup() {
        return Optional.ofNullable(group);
    }

    /**
     * The defaults: 127.0.0.1:8080, the contract's lease and wait cap, no secret, user {@code admin} with the given
     * password.
     *
     * @param adminPassword the admin password
     * @return the options
     */
    public static MasterOptions defaults(String adminPassword) {
        return new MasterOptions(DEFAULT_HOST, DEFAULT_PORT, LockLimits.DEFAULT_MASTER_LEASE,
                LockLimits.DEFAULT_WAIT_CAP, null, DEFAULT_ADMIN_USER, adminPassword, false);
    }

    /** @return how this master uses TLS, or empty for plain HTTP */
    public Optional<MasterTlsOptions> optionalTls() {
        return Optional.ofNullable(tls);
    }

    /** @return a copy with these TLS settings, or plain HTTP for {@code null} */
    public MasterOptions withTls(MasterTlsOptions newTls) {
        return new MasterOptions(host, port, defaultLease, waitCap, secret, adminUser, adminPassword,
                adminPasswordGenerated, group, newTls);
    }

    /** @return the shared secret, if the Hessian endpoint requires one */
    public Optional<String> optionalSecret() {
        return Optional.ofNullable(secret);
    }

    /** @return a copy listening on another port */
    public MasterOptions withPort(int newPort) {
        return new MasterOptions(host, newPort, defaultLease, waitCap, secret, adminUser, adminPassword,
                adminPasswordGenerated, group, tls);
    }

    /** @return a copy with another wait cap */
    public MasterOptions withWaitCap(Duration newWaitCap) {
        return new MasterOptions(host, port, defaultLease, newWaitCap, secret, adminUser, adminPassword,
                adminPasswordGenerated, group, tls);
    }

    /** @return a copy requiring a shared secret, or none for {@code null} */
    public MasterOptions withSecret(String newSecret) {
        return new MasterOptions(host, port, defaultLease, waitCap, newSecret, adminUser, adminPassword,
                adminPasswordGenerated, group, tls);
    }

    @Override
    public String toString() {
        return "MasterOptions[host=" + host + ", port=" + port + ", defaultLease=" + DurationText.format(defaultLease)
                + ", waitCap=" + DurationText.format(waitCap) + ", secret=" + (secret == null ? "none" : "***")
                + ", adminUser=" + adminUser + ", adminPassword=***"
                + (group == null ? "" : ", nodeId=" + group.nodeId() + ", group=" + group.topology()
                + ", dataDir=" + group.dataDir()) + (tls == null ? "" : ", tls=" + tls.stores() + ", clientAuth="
                + tls.clientAuth()) + "]";
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
