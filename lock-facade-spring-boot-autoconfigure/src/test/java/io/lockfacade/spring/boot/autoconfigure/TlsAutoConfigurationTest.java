package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.client.LockFacade;
import io.lockfacade.testsupport.tls.TestPki;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.MasterTlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The starter's {@code lockfacade.tls.*} properties, against a real master serving HTTPS. */
class TlsAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LockFacadeAutoConfiguration.class));

    @TempDir
    Path dir;

    @Test
    void aNodeWithTheTruststoreLocksOnAnHttpsMaster() throws Exception {
        TestPki ca = TestPki.create(dir, "boot-ca");
        Path keystore = ca.issue("master.p12", "master", "ip:127.0.0.1");
        Path truststore = ca.truststore();
        try (MasterServer master = MasterServer.start(MasterOptions.defaults("boot-admin").withPort(0).withTls(
                new MasterTlsOptions(new TlsStores(keystore, TestPki.PASSWORD, null, null),
                        MasterTlsOptions.ClientAuth.NONE)))) {
            runner.withPropertyValues("lockfacade.master-url=" + master.serviceUri(),
                    "lockfacade.tls.truststore=" + truststore, "lockfacade.tls.truststore-password=" + TestPki.PASSWORD)
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        LockFacade locks = context.getBean(LockFacade.class);
                        locks.lock("boot", "42", 1_000);
                        assertThat(master.service().isLockTypeEmpty("boot")).isFalse();
                        locks.unlock("boot", "42");
                        assertThat(master.service().isLockTypeEmpty("boot")).isTrue();
                    });
        }
    }

    @Test
    void aTruststoreThatCannotBeReadFailsStartUpNamingTheFile() {
        TestPki ca = TestPki.create(dir, "boot-ca");
        Path truststore = ca.truststore();
        runner.withPropertyValues("lockfacade.master-url=https://127.0.0.1:9/remoting/MemoryLockService",
                "lockfacade.tls.truststore=" + truststore, "lockfacade.tls.truststore-password=wrong")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("cannot read truststore " + truststore + " (wrong password"));
    }
}
