package io.lockfacade.group.tls;

import io.lockfacade.api.tls.Pkcs12Stores;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import java.net.Socket;
import java.nio.file.Path;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;

/**
 * This member's certificate and key from its keystore, read again when the file is replaced: each handshake
 * chooses its key from the file as it is then. Connections already open keep theirs.
 */
final class RotatingKeyManager extends X509ExtendedKeyManager {

    private final ReloadingFile<X509ExtendedKeyManager> keystore;

    /** @throws IllegalArgumentException if the keystore cannot be read or holds no key */
    RotatingKeyManager(Path file, String password) {
        this.keystore = new ReloadingFile<>(file, path -> Pkcs12Stores.keyManager(path, password));
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return keystore.current().getClientAliases(keyType, issuers);
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return keystore.current().chooseClientAlias(keyType, issuers, socket);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        return keystore.current().chooseEngineClientAlias(keyType, issuers, engine);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return keystore.current().getServerAliases(keyType, issuers);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return keystore.current().chooseServerAlias(keyType, issuers, socket);
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return keystore.current().chooseEngineServerAlias(keyType, issuers, engine);
    }

    // the chain and key of the alias just chosen: no new look at the file between choosing and using it
    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return keystore.latest().getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return keystore.latest().getPrivateKey(alias);
    }
}
