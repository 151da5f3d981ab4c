package io.lockfacade.group.tls;

import io.lockfacade.api.tls.Pkcs12Stores;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * Accepts a peer, in either direction of a connection, only when its certificate chains to a CA of the truststore
 * (the JDK's PKIX checks: signature, validity, key usage) and names a member of the group ({@link MemberNames}). The
 * truststore is read again when its file is replaced. Anything else fails the handshake, before the peer can send a
 * single JGroups message.
 */
final class MemberTrustManager extends X509ExtendedTrustManager {

    private final ReloadingFile<X509ExtendedTrustManager> truststore;
    private final MemberNames members;

    /** @throws IllegalArgumentException if the truststore cannot be read or holds no certificate */
    MemberTrustManager(Path file, String password, MemberNames members) {
        this.truststore = new ReloadingFile<>(file, path -> Pkcs12Stores.trustManager(path, password));
        this.members = members;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain, pkix -> pkix.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain, pkix -> pkix.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain, pkix -> pkix.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain, pkix -> pkix.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, pkix -> pkix.checkClientTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, pkix -> pkix.checkServerTrusted(chain, authType));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return truststore.current().getAcceptedIssuers();
    }

    /** One of the JDK trust manager's checks of a chain. */
    @FunctionalInterface
    private interface ChainCheck {
        void check(X509ExtendedTrustManager pkix) throws CertificateException;
    }

    private void check(X509Certificate[] chain, ChainCheck pkixCheck) throws CertificateException {
        pkixCheck.check(truststore.current());
        requireMember(chain);
    }

    private void requireMember(X509Certificate[] chain) throws CertificateException {
        if (chain == null || chain.length == 0 || !members.accepts(chain[0])) {
            throw new CertificateException("peer certificate names " + (chain == null || chain.length == 0 ? "nothing"
                    : MemberNames.namesIn(chain[0])) + ", none of the group's members " + members.all());
        }
    }
}
