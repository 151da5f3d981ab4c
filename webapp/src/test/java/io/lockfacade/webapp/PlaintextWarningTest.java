package io.lockfacade.webapp;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.GroupTopology;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A master warns once that its traffic is in clear only when it listens beyond loopback without TLS. */
class PlaintextWarningTest {

    private static final MasterOptions DEFAULTS = MasterOptions.defaults("pw");

    @Test
    void loopbackNeedsNoWarning() {
        assertTrue(PlaintextWarning.forOptions(DEFAULTS).isEmpty());
    }

    @Test
    void anyAddressWithoutTlsIsWarnedAboutWithTheWayOut() {
        String warning = PlaintextWarning.forOptions(options("0.0.0.0")).orElseThrow();
        assertTrue(warning.contains("0.0.0.0:8080") && warning.contains("neither authenticated nor encrypted")
                && warning.contains("--tls-keystore") && warning.contains("LOCKFACADE_TLS_KEYSTORE_PASSWORD"),
                warning);
    }

    @Test
    void aGroupMemberNamesItsRaftPort() {
        GroupTopology topology = GroupTopology.parse("n1=0.0.0.0:18080:18090,n2=127.0.0.2:18081:18091");
        MasterOptions member = new MasterOptions("0.0.0.0", 18080, DEFAULTS.defaultLease(), DEFAULTS.waitCap(),
                null, "admin", "pw", false, new MasterGroupOptions("n1", topology, Path.of("data")));
        String warning = PlaintextWarning.forOptions(member).orElseThrow();
        assertTrue(warning.contains("Raft port 18090") && warning.contains("Raft traffic"), warning);
    }

    @Test
    void tlsSilencesIt() {
        MasterOptions withTls = options("0.0.0.0").withTls(new MasterTlsOptions(
                new TlsStores(Path.of("k.p12"), null, null, null), MasterTlsOptions.ClientAuth.NONE));
        assertTrue(PlaintextWarning.forOptions(withTls).isEmpty());
    }

    private static MasterOptions options(String host) {
        return new MasterOptions(host, 8080, DEFAULTS.defaultLease(), DEFAULTS.waitCap(), null, "admin", "pw", false);
    }
}
