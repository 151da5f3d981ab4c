package io.lockfacade.testsupport.tls;

import io.lockfacade.api.tls.TlsStores;

import java.nio.file.Path;

/**
 * The credentials an outsider may try a TLS group's peer ports with (issue 27): every one must be refused before it
 * joins the view or sends a message, whether the group runs in the test's JVM or as member processes.
 */
public enum PeerOutsider {

    /** No certificate at all: a plain JGroups channel, or a TLS client that presents none. */
    NO_CERTIFICATE,
    /**
     * A certificate naming a member, signed by a CA the members do not trust (the outsider trusts theirs: a CA's
     * certificate is no secret).
     */
    ANOTHER_CA,
    /** A certificate signed by the members' own CA, naming no member of the group. */
    NAME_OUTSIDE_GROUP;

    /**
     * Makes this outsider's stores, in files of their own under {@code dir}.
     *
     * @param membersCa the CA that signed the members' certificates
     * @param dir       where the outsider's stores go
     * @param member    the member an outsider with another CA's certificate pretends to be
     * @param host      the address the member serves on, named in that certificate too
     * @return the outsider's keystore and a truststore with the members' CA (so that only the members can refuse
     *         the connection), or {@code null} for {@link #NO_CERTIFICATE}
     */
    public TlsStores stores(TestPki membersCa, Path dir, String member, String host) {
        String unique = name().toLowerCase(java.util.Locale.ROOT) + "-" + System.nanoTime();
        return switch (this) {
            case NO_CERTIFICATE -> null;
            case ANOTHER_CA -> {
                TestPki otherCa = TestPki.create(dir, "other-ca-" + unique);
                Path keystore = otherCa.issue(unique + ".p12", member, "dns:" + member, "ip:" + host);
                yield new TlsStores(keystore, TestPki.PASSWORD, membersCa.truststore(), TestPki.PASSWORD);
            }
            case NAME_OUTSIDE_GROUP -> {
                Path keystore = membersCa.issue(unique + ".p12", "intruder", "dns:intruder.example");
                yield new TlsStores(keystore, TestPki.PASSWORD, membersCa.truststore(), TestPki.PASSWORD);
            }
        };
    }
}
