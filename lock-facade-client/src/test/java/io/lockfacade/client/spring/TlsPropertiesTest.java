package io.lockfacade.client.spring;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.client.LockFacade;
import io.lockfacade.testsupport.tls.TestPki;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.MasterTlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.ResourcePropertySource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code lockfacade.tls.*} properties of the Java configuration, and a node using them on an HTTPS master. */
class TlsPropertiesTest {

    @TempDir
    Path dir;

    @Test
    void withoutTlsPropertiesTheTransportHasNoStores() {
        assertNull(LockFacadeProperties.from(environment(Map.of(LockFacadeProperties.MASTER_URL,
                "https://master:8443"))).transport().tls());
    }

    @Test
    void theDocumentedExampleReadsBothStoresWithPasswordsFromTheEnvironment() throws IOException {
        StandardEnvironment environment = environment(Map.of("LOCKFACADE_TRUSTSTORE_PASSWORD", "trust-pw-456",
                "LOCKFACADE_KEYSTORE_PASSWORD", "key-pw-123"));
        environment.getPropertySources().addLast(new ResourcePropertySource("classpath:examples/tls-client.properties"));

        LockFacadeProperties properties = LockFacadeProperties.from(environment);

        assertEquals(new TlsStores(Path.of("/etc/lockfacade/orders-service.p12"), "key-pw-123",
                Path.of("/etc/lockfacade/truststore.p12"), "trust-pw-456"), properties.transport().tls());
        assertEquals("https", properties.masterUrl().getScheme());
        assertFalse(properties.toString().contains("-pw-"), properties.toString());
    }

    @Test
    void aNodeConfiguredWithTheTruststoreLocksOnAnHttpsMaster() throws Exception {
        TestPki ca = TestPki.create(dir, "spring-ca");
        Path keystore = ca.issue("master.p12", "master", "ip:127.0.0.1");
        try (MasterServer master = MasterServer.start(MasterOptions.defaults("admin-pw").withPort(0).withTls(
                new MasterTlsOptions(new TlsStores(keystore, TestPki.PASSWORD, null, null),
                        MasterTlsOptions.ClientAuth.NONE)))) {
            Map<String, Object> properties = new HashMap<>();
            properties.put(LockFacadeProperties.MASTER_URL, master.serviceUri().toString());
            properties.put(LockFacadeProperties.TLS_TRUSTSTORE, ca.truststore().toString());
            properties.put(LockFacadeProperties.TLS_TRUSTSTORE_PASSWORD, TestPki.PASSWORD);
            AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
            context.setEnvironment(environment(properties));
            context.register(LockFacadeConfiguration.class);
            context.refresh();
            try (context) {
                LockFacade locks = context.getBean(LockFacade.class);
                locks.lock("orders", "42", 1_000);
                assertFalse(master.service().isLockTypeEmpty("orders"));
                locks.unlock("orders", "42");
                assertTrue(master.service().isLockTypeEmpty("orders"));
            }
        }
    }

    private static StandardEnvironment environment(Map<String, ?> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", new HashMap<>(properties)));
        return environment;
    }
}
