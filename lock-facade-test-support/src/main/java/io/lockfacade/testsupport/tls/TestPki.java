package io.lockfacade.testsupport.tls;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A private certificate authority for tests: it writes PKCS12 truststores holding its certificate and keystores
 * holding a key and a certificate it signed, named as the test asks. Every store has the password
 * {@value #PASSWORD}. Keys are EC P-256, certificates valid for a day.
 */
public final class TestPki {

    /** Password of every store this class writes. */
    public static final String PASSWORD = "test-store-password";

    private static final Duration VALIDITY = Duration.ofDays(1);
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());

    private final String name;
    private final Path dir;
    private final KeyPair caKeys;
    private final X509Certificate caCertificate;
    private boolean truststoreWritten;

    private TestPki(String name, Path dir, KeyPair caKeys, X509Certificate caCertificate) {
        this.name = name;
        this.dir = dir;
        this.caKeys = caKeys;
        this.caCertificate = caCertificate;
    }

    /**
     * @param dir    where the stores go (a test's temporary folder)
     * @param caName the CA's common name, also the prefix of its truststore's file name
     * @return a new CA with a fresh key
     */
    public static TestPki create(Path dir, String caName) {
        try {
            KeyPair keys = newKeys();
            X500Name subject = new X500Name("CN=" + caName);
            X509v3CertificateBuilder builder = builder(subject, subject, keys)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            return new TestPki(caName, dir, keys, sign(builder, keys));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the test CA " + caName, e);
        }
    }

    /** @return the CA's certificate */
    public X509Certificate certificate() {
        return caCertificate;
    }

    /**
     * @return a truststore holding only this CA's certificate ({@code <caName>-trust.p12}), written on the first
     *         call only: members that watch it for changes do not see it replaced
     */
    public synchronized Path truststore() {
        Path file = dir.resolve(name + "-trust.p12");
        if (truststoreWritten) {
            return file;
        }
        try {
            KeyStore store = emptyStore();
            store.setCertificateEntry(name, caCertificate);
            save(store, file);
            truststoreWritten = true;
            return file;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Issues a certificate with its own new key and writes both, with the CA's certificate as the chain, to
     * {@code fileName} in the folder (replaced atomically if it exists, as an operator rotating a key would).
     *
     * @param fileName        the keystore's file name
     * @param commonName      the subject's CN
     * @param subjectAltNames {@code dns:NAME} or {@code ip:ADDRESS} entries
     * @return the keystore
     */
    public Path issue(String fileName, String commonName, String... subjectAltNames) {
        try {
            KeyPair keys = newKeys();
            X509v3CertificateBuilder builder = builder(new X500Name("CN=" + name),
                    new X500Name("CN=" + commonName), keys)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                            new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
            if (subjectAltNames.length > 0) {
                builder.addExtension(Extension.subjectAlternativeName, false, altNames(List.of(subjectAltNames)));
            }
            X509Certificate certificate = sign(builder, caKeys);
            KeyStore store = emptyStore();
            store.setKeyEntry(commonName, keys.getPrivate(), PASSWORD.toCharArray(),
                    new Certificate[] {certificate, caCertificate});
            Path file = dir.resolve(fileName);
            Path written = dir.resolve(fileName + ".new");
            save(store, written);
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot issue a certificate for " + commonName, e);
        }
    }

    private static GeneralNames altNames(List<String> entries) {
        GeneralName[] names = new GeneralName[entries.size()];
        for (int i = 0; i < names.length; i++) {
            String entry = entries.get(i);
            if (entry.startsWith("dns:")) {
                names[i] = new GeneralName(GeneralName.dNSName, entry.substring(4));
            } else if (entry.startsWith("ip:")) {
                names[i] = new GeneralName(GeneralName.iPAddress, entry.substring(3));
            } else {
                throw new IllegalArgumentException("subject alternative name must start with dns: or ip:, was "
                        + entry);
            }
        }
        return new GeneralNames(names);
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair keys) {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(SERIALS.incrementAndGet()),
                Date.from(now.minus(Duration.ofMinutes(5))), Date.from(now.plus(VALIDITY)), subject,
                keys.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer)
            throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder(SIGNATURE).build(signer.getPrivate())));
    }

    private static KeyPair newKeys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static KeyStore emptyStore() throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return store;
    }

    private static void save(KeyStore store, Path file) {
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, PASSWORD.toCharArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
