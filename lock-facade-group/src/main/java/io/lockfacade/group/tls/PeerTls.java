package io.lockfacade.group.tls;

import io.lockfacade.api.tls.Pkcs12Stores;
import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.GroupTopology;
import org.jgroups.util.DefaultSocketFactory;
import org.jgroups.util.SocketFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import java.util.Objects;

/**
 * Mutual TLS between the members of a group: the keystore holds this member's certificate, the truststore the
 * CA(s) that sign members' certificates. Every socket JGroups opens through {@link #socketFactory} speaks TLS 1.3
 * or 1.2, presents this member's certificate, requires the peer's, and accepts only a member's
 * ({@link MemberTrustManager}). Both files are read again when replaced on disk.
 *
 * @param stores the member's keystore and truststore, both required
 */
public record PeerTls(TlsStores stores) {

    /** Checks that both stores are named. */
    public PeerTls {
        Objects.requireNonNull(stores, "stores");
        if (!stores.hasKeystore() || !stores.hasTruststore()) {
            throw new IllegalArgumentException("mutual TLS between members needs a keystore and a truststore");
        }
    }

    /**
     * @param topology the group: a peer's certificate must name one of its members
     * @return the factory of every socket of the member's stack, client and server side
     * @throws IllegalArgumentException if a store cannot be read
     */
    public SocketFactory socketFactory(GroupTopology topology) {
        SSLContext context = Pkcs12Stores.context(
                new RotatingKeyManager(stores.keystore(), stores.keystorePassword()),
                new MemberTrustManager(stores.truststore(), stores.truststorePassword(), new MemberNames(topology)));
        DefaultSocketFactory factory = new DefaultSocketFactory(context);
        factory.setServerSocketConfigurator(socket -> {
            SSLParameters parameters = ((SSLServerSocket) socket).getSSLParameters();
            parameters.setProtocols(Pkcs12Stores.PROTOCOLS);
            parameters.setNeedClientAuth(true);
            ((SSLServerSocket) socket).setSSLParameters(parameters);
        });
        factory.setSocketConfigurator(socket -> {
            if (socket instanceof SSLSocket tls) {
                tls.setEnabledProtocols(Pkcs12Stores.PROTOCOLS);
            }
        });
        return factory;
    }

    @Override
    public String toString() {
        return "PeerTls[" + stores + "]";
    }
}
