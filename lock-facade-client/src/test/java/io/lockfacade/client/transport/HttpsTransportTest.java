package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.testsupport.tls.TestPki;
import io.lockfacade.testsupport.tls.TlsProbe;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.MasterTlsOptions;
import io.lockfacade.webapp.MasterTlsOptions.ClientAuth;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client against a real master started with {@code --tls-*}: HTTPS only, client certificates on demand, the
 * master's key rotated while calls go on over pooled connections.
 */
class HttpsTransportTest {

    private static final String HOST = "127.0.0.1";
    private static final String PASSWORD = TestPki.PASSWORD;
    private static final Duration ROTATION_WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private TestPki ca;
    private Path keystore;
    private Path truststore;

    @BeforeEach
    void makeCertificates() {
        ca = TestPki.create(dir, "master-ca");
        keystore = ca.issue("master.p12", "master", "ip:" + HOST, "dns:localhost");
        truststore = ca.truststore();
    }

    @Test
    void servesTheHessianEndpointOverHttps() {
        try (MasterServer master = start(ClientAuth.NONE)) {
            assertEquals("https", master.serviceUri().getScheme());
            MemoryLockService client = client(master, new TlsStores(null, null, truststore, PASSWORD));

            LockGrant grant = client.tryLock("orders", "42", "owner-1", 0, 0);

            assertNotNull(grant);
            assertTrue(client.unlock("orders", "42", "owner-1"));
        }
    }

    @Test
    void theDocumentedClientNamesItsMissingTruststore() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> documentedClient("pw"));
        assertTrue(missing.getMessage().contains("/etc/lockfacade/truststore.p12"), missing.getMessage());
    }

    @Test
    void refusesPlainHttpOnItsPort() throws IOException {
        try (MasterServer master = start(ClientAuth.NONE)) {
            String reply;
            try (Socket plain = new Socket(HOST, master.port()); OutputStream out = plain.getOutputStream()) {
                out.write(("POST /remoting/MemoryLockService HTTP/1.1\r\nHost: " + HOST + "\r\nContent-Length: 0"
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                plain.setSoTimeout(10_000);
                reply = new String(plain.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            }
            assertFalse(reply.startsWith("HTTP/1.1 200"), reply);
            assertTrue(master.service().isLockTypeEmpty("orders"));
        }
    }

    @Test
    void aClientWithoutTheCaFailsClearly() {
        try (MasterServer master = start(ClientAuth.NONE)) {
            MemoryLockService client = client(master, null);

            LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                    () -> client.tryLock("orders", "42", "owner-1", 0, 0));

            assertTrue(failure.getMessage().contains("truststore must hold the CA"), failure.getMessage());
            assertTrue(master.service().isLockTypeEmpty("orders"));
        }
    }

    @Test
    void withClientAuthNeedOnlyClientsWithACertificateOfTheCaAreServed() {
        try (MasterServer master = start(ClientAuth.NEED)) {
            MemoryLockService anonymous = client(master, new TlsStores(null, null, truststore, PASSWORD));
            assertThrows(LockServiceUnavailableException.class, () -> anonymous.tryLock("orders", "1", "o", 0, 0));

            Path clientKeystore = ca.issue("client.p12", "billing-service");
            MemoryLockService known = client(master, new TlsStores(clientKeystore, PASSWORD, truststore, PASSWORD));
            assertNotNull(known.tryLock("orders", "1", "o", 0, 0));

            TestPki otherCa = TestPki.create(dir, "other-ca");
            Path foreign = otherCa.issue("foreign.p12", "billing-service");
            MemoryLockService stranger = client(master, new TlsStores(foreign, PASSWORD, truststore, PASSWORD));
            assertThrows(LockServiceUnavailableException.class, () -> stranger.tryLock("orders", "2", "o", 0, 0));
        }
    }

    @Test
    void aReplacedKeystoreIsServedWithoutRestartWhileCallsGoOn() throws Exception {
        try (MasterServer master = start(ClientAuth.NONE)) {
            BigInteger before = TlsProbe.handshake(HOST, master.port(), null, truststore).getSerialNumber();
            MemoryLockService client = client(master, new TlsStores(null, null, truststore, PASSWORD));
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger calls = new AtomicInteger();
            List<Throwable> failures = new ArrayList<>();
            Thread load = new Thread(() -> {
                while (running.get()) {
                    try {
                        assertNotNull(client.tryLock("rotation", "k", "owner", 0, 0));
                        assertTrue(client.unlock("rotation", "k", "owner"));
                        calls.incrementAndGet();
                    } catch (Throwable t) {
                        synchronized (failures) {
                            failures.add(t);
                        }
                        return;
                    }
                }
            }, "rotation-load");
            load.start();

            ca.issue("master.p12", "master", "ip:" + HOST, "dns:localhost");
            BigInteger after = Await.value(ROTATION_WAIT, Duration.ofMillis(200), () -> {
                try {
                    BigInteger now = TlsProbe.handshake(HOST, master.port(), null, truststore).getSerialNumber();
                    return now.equals(before) ? Optional.empty() : Optional.of(now);
                } catch (IOException e) {
                    throw new IllegalStateException("handshake failed during rotation", e);
                }
            }, () -> "the master still presents the old certificate after " + ROTATION_WAIT);
            int callsAtRotation = calls.get();
            Await.until(ROTATION_WAIT, Duration.ofMillis(20),
                    () -> calls.get() > callsAtRotation + 20 || !load.isAlive(), () -> "calls stopped after rotation");
            running.set(false);
            load.join(ROTATION_WAIT.toMillis());

            assertNotEquals(before, after);
            assertTrue(failures.isEmpty(), () -> "calls failed during the rotation: " + failures);
            MemoryLockService newClient = client(master, new TlsStores(null, null, truststore, PASSWORD));
            assertTrue(newClient.isLockTypeEmpty("rotation"));
        }
    }

    private MasterServer start(ClientAuth clientAuth) {
        TlsStores stores = new TlsStores(keystore, PASSWORD, clientAuth == ClientAuth.NONE ? null : truststore,
                PASSWORD);
        try {
            return MasterServer.start(MasterOptions.defaults("tls-test-admin").withPort(0)
                    .withTls(new MasterTlsOptions(stores, clientAuth)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MemoryLockService client(MasterServer master, TlsStores tls) {
        return MemoryLockServiceProxies.create(master.serviceUri(), ClientTransportSettings.defaults().withTls(tls));
    }

    /** The example of docs/tls.md: a client of an HTTPS master, without Spring. */
    static MemoryLockService documentedClient(String truststorePassword) {
        // tag::https-client-java[]
        ClientTransportSettings settings = ClientTransportSettings.defaults()
                .withTls(new TlsStores(null, null, Path.of("/etc/lockfacade/truststore.p12"), truststorePassword));
        MemoryLockService master = MemoryLockServiceProxies.create(
                "https://lock1.example.internal:8443,https://lock2.example.internal:8443", settings);
        // end::https-client-java[]
        return master;
    }
}
