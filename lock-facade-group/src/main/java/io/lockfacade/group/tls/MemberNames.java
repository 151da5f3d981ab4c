package io.lockfacade.group.tls;

import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names a peer's certificate may carry to be taken for a member of the group: every member's id and host, as
 * {@code --group} lists them. A certificate qualifies when its subject's common name or one of its subject
 * alternative names (DNS name or IP address) is one of them. Names compare without regard to case.
 */
final class MemberNames {

    private static final int SAN_DNS = 2;
    private static final int SAN_IP = 7;

    private final Set<String> names = new LinkedHashSet<>();

    MemberNames(GroupTopology topology) {
        for (GroupMemberAddress member : topology.members()) {
            names.add(normal(member.id()));
            names.add(normal(member.host()));
        }
    }

    /** @return whether the certificate names a member */
    boolean accepts(X509Certificate certificate) {
        return namesIn(certificate).stream().map(MemberNames::normal).anyMatch(names::contains);
    }

    /** @return the names the group accepts, for messages */
    Set<String> all() {
        return Set.copyOf(names);
    }

    /** @return the certificate's common names and DNS and IP subject alternative names */
    static Set<String> namesIn(X509Certificate certificate) {
        Set<String> found = new LinkedHashSet<>();
        try {
            for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
                if ("CN".equalsIgnoreCase(rdn.getType())) {
                    found.add(String.valueOf(rdn.getValue()));
                }
            }
            Collection<List<?>> alternatives = certificate.getSubjectAlternativeNames();
            if (alternatives != null) {
                for (List<?> entry : alternatives) {
                    int type = (Integer) entry.get(0);
                    if (type == SAN_DNS || type == SAN_IP) {
                        found.add(String.valueOf(entry.get(1)));
                    }
                }
            }
        } catch (InvalidNameException | CertificateParsingException unreadable) {
            // a certificate whose names cannot be read names no member
        }
        return found;
    }

    private static String normal(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
