package io.lockfacade.webapp;

import io.lockfacade.group.raft.GroupMemberAddress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * The one warning a master without TLS gives when it listens beyond this machine: its calls, admin password and
 * (on a group member) Raft traffic cross the network unauthenticated and in clear.
 */
final class PlaintextWarning {

    private PlaintextWarning() {
    }

    /** @return the warning for these options, or empty with TLS on or when listening on loopback only */
    static Optional<String> forOptions(MasterOptions options) {
        if (options.tls() != null || isLoopback(options.host())) {
            return Optional.empty();
        }
        String where = options.host() + ":" + options.port();
        if (options.group() != null) {
            GroupMemberAddress self = options.group().self();
            where += " and Raft port " + self.raftPort();
        }
        return Optional.of("listening on " + where + " without TLS: lock calls, admin credentials"
                + (options.group() == null ? "" : " and the group's Raft traffic")
                + " are neither authenticated nor encrypted, and " + (options.group() == null ? "anyone who"
                : "any process that") + " reaches the port can " + (options.group() == null ? "call it"
                : "call it or talk to the members") + ". Start with --tls-keystore and --tls-truststore (passwords in "
                + MasterOptionsParser.TLS_KEYSTORE_PASSWORD_ENV + " and " + MasterOptionsParser.TLS_TRUSTSTORE_PASSWORD_ENV
                + "), see docs/security.md");
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException unknown) {
            return false;
        }
    }
}
