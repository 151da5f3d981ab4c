package io.lockfacade.testkit.group;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.testsupport.tls.TestPki;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * TLS for a {@link MasterGroup} started the way an operator would: a private CA, one keystore per member naming its
 * id and host, one truststore shared by the members and their clients. Every store has {@link TestPki#PASSWORD}.
 *
 * @param ca  the CA that signed every member's certificate
 * @param dir where the stores are
 */
public record GroupTls(TestPki ca, Path dir) {

    /**
     * Makes the CA, its truststore and a keystore for each member.
     *
     * @param dir     where the stores go
     * @param ids     the members' ids
     * @param network where each member lives: its host is named in its certificate
     */
    public static GroupTls create(Path dir, List<String> ids, MemberNetwork network) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        GroupTls tls = new GroupTls(TestPki.create(dir, "group-ca"), dir);
        tls.ca.truststore();
        ids.forEach(id -> tls.issue(id, network.host(id)));
        return tls;
    }

    /** Issues member {@code id} a new certificate and key, replacing its keystore file in one move (a rotation). */
    public Path issue(String id, String host) {
        return ca.issue(id + ".p12", id, "dns:" + id, "ip:" + host);
    }

    /** @return the stores of member {@code id} ({@code --tls-keystore}, {@code --tls-truststore}) */
    public TlsStores member(String id) {
        return new TlsStores(keystore(id), TestPki.PASSWORD, truststore(), TestPki.PASSWORD);
    }

    /** @return member {@code id}'s keystore file */
    public Path keystore(String id) {
        return dir.resolve(id + ".p12");
    }

    /** @return the truststore with the group's CA */
    public Path truststore() {
        return dir.resolve("group-ca-trust.p12");
    }

    /** @return a client's stores: the truststore only */
    public TlsStores client() {
        return new TlsStores(null, null, truststore(), TestPki.PASSWORD);
    }

    /** @return {@code settings} checking the members' certificates with the group's CA */
    public ClientTransportSettings clientSettings(ClientTransportSettings settings) {
        return settings.withTls(client());
    }
}
