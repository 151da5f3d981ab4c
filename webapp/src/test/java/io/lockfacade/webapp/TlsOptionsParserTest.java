package io.lockfacade.webapp;

import io.lockfacade.testsupport.tls.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code --tls-*} flags and their password variables. */
class TlsOptionsParserTest {

    private static final Map<String, String> PASSWORDS = Map.of(
            MasterOptionsParser.TLS_KEYSTORE_PASSWORD_ENV, TestPki.PASSWORD,
            MasterOptionsParser.TLS_TRUSTSTORE_PASSWORD_ENV, TestPki.PASSWORD);
    private static final String GROUP = "n1=127.0.0.1:18080:18090,n2=127.0.0.1:18081:18091,n3=127.0.0.1:18082:18092";

    @TempDir
    static Path dir;
    private static String keystore;
    private static String truststore;

    @BeforeAll
    static void makeStores() {
        TestPki ca = TestPki.create(dir, "options-ca");
        keystore = ca.issue("master.p12", "master", "ip:127.0.0.1").toString();
        truststore = ca.truststore().toString();
    }

    private static MasterOptions parse(Map<String, String> env, String... args) throws UsageException {
        return new MasterOptionsParser(env, () -> "generated").parse(List.of(args));
    }

    private static String refusal(Map<String, String> env, String... args) {
        return assertThrows(UsageException.class, () -> parse(env, args)).getMessage();
    }

    @Test
    void withoutTlsFlagsTheMasterSpeaksPlainHttp() throws Exception {
        assertNull(parse(PASSWORDS).tls());
    }

    @Test
    void readsTheStoresWithPasswordsFromTheEnvironment() throws Exception {
        MasterOptions options = parse(PASSWORDS, "--tls-keystore", keystore, "--tls-truststore", truststore,
                "--tls-client-auth", "NEED");
        assertEquals(Path.of(keystore), options.tls().stores().keystore());
        assertEquals(TestPki.PASSWORD, options.tls().stores().keystorePassword());
        assertEquals(Path.of(truststore), options.tls().stores().truststore());
        assertEquals(MasterTlsOptions.ClientAuth.NEED, options.tls().clientAuth());
        assertFalse(options.toString().contains(TestPki.PASSWORD), options.toString());
    }

    @Test
    void clientAuthDefaultsToNone() throws Exception {
        assertEquals(MasterTlsOptions.ClientAuth.NONE, parse(PASSWORDS, "--tls-keystore", keystore).tls().clientAuth());
    }

    @Test
    void aWrongPasswordIsAUsageErrorNamingTheFile() {
        String message = refusal(Map.of(MasterOptionsParser.TLS_KEYSTORE_PASSWORD_ENV, "wrong"),
                "--tls-keystore", keystore);
        assertTrue(message.contains(keystore) && message.contains("wrong password"), message);
    }

    @Test
    void aMissingStoreIsAUsageError() {
        String message = refusal(PASSWORDS, "--tls-keystore", dir.resolve("missing.p12").toString());
        assertTrue(message.contains("missing.p12") && message.contains("not a readable file"), message);
    }

    @Test
    void truststoreAndClientAuthNeedTheKeystore() {
        assertEquals("--tls-truststore needs --tls-keystore", refusal(PASSWORDS, "--tls-truststore", truststore));
        assertEquals("--tls-client-auth needs --tls-keystore", refusal(PASSWORDS, "--tls-client-auth", "want"));
    }

    @Test
    void clientCertificatesNeedATruststore() {
        assertEquals("--tls-client-auth want needs --tls-truststore",
                refusal(PASSWORDS, "--tls-keystore", keystore, "--tls-client-auth", "want"));
    }

    @Test
    void anUnknownClientAuthIsRefused() {
        assertEquals("--tls-client-auth must be need, want or none, was \"sometimes\"",
                refusal(PASSWORDS, "--tls-keystore", keystore, "--tls-truststore", truststore,
                        "--tls-client-auth", "sometimes"));
    }

    @Test
    void aGroupMemberNeedsTheTruststoreToCheckItsPeers() {
        String message = refusal(PASSWORDS, "--node-id", "n1", "--group", GROUP, "--tls-keystore", keystore);
        assertTrue(message.contains("--tls-truststore"), message);
    }

    @Test
    void passwordsAreNeverFlags() {
        assertEquals("unknown option --tls-keystore-password",
                refusal(PASSWORDS, "--tls-keystore-password", "x"));
    }
}
