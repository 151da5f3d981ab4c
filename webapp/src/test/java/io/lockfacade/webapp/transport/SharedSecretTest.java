package io.lockfacade.webapp.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.testsupport.hessian.HessianCalls;
import io.lockfacade.testsupport.http.RawHttp;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A master started with a secret serves only callers that present it, and the secret opens nothing else. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SharedSecretTest {

    private static final String SECRET = "correct horse battery staple";
    private static final long LEASE = 60_000;

    private static MasterServer master;

    @BeforeAll
    static void startMasterWithSecret() {
        master = Masters.start(options -> options.withSecret(SECRET));
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void aCallWithoutTheSecretIsRefusedWith401AndChangesNothing() {
        TableSnapshot before = TableSnapshot.of(master);
        HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(),
                HessianCalls.call("tryLock", "secret", "k", "intruder", LEASE, 0L));
        assertEquals(401, response.statusCode());
        assertFalse(RawHttp.text(response.body()).contains(SECRET));
        assertEquals(before, TableSnapshot.of(master));
    }

    @Test
    void aCallWithAWrongSecretIsRefusedWith401AndChangesNothing() {
        TableSnapshot before = TableSnapshot.of(master);
        HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(),
                HessianCalls.call("tryLock", "secret", "k", "intruder", LEASE, 0L),
                Map.of(LockLimits.SECRET_HEADER, SECRET + "!"));
        assertEquals(401, response.statusCode());
        assertEquals(before, TableSnapshot.of(master));
    }

    @Test
    void theSecretIsCheckedBeforeAnythingElse() {
        assertEquals(401, RawHttp.send(HttpRequest.newBuilder(master.serviceUri()).GET().build()).statusCode());
        assertEquals(401, RawHttp.post(master.serviceUri(), new byte[LockLimits.MAX_REQUEST_BYTES + 1])
                .statusCode());
    }

    @Test
    void theSecretGuardsEverythingUnderRemoting() {
        java.net.URI other = master.serviceUri().resolve("/remoting/OtherService");
        assertEquals(401, RawHttp.post(other, HessianCalls.call("isLockTypeEmpty", "t")).statusCode());
        assertEquals(404, RawHttp.post(other, HessianCalls.call("isLockTypeEmpty", "t"),
                Map.of(LockLimits.SECRET_HEADER, SECRET)).statusCode());
    }

    @Test
    void aCallWithTheSecretIsServed() {
        LockGrant grant = HessianClients.proxy(master.serviceUri(), SECRET).tryLock("secret", "ok", "alice", LEASE, 0);
        assertNotNull(grant);
        assertTrue(HessianClients.proxy(master.serviceUri(), SECRET).unlock("secret", "ok", "alice"));
    }

    @Test
    void theSecretDoesNotOpenTheAdminPages() {
        HttpResponse<byte[]> response = RawHttp.send(HttpRequest.newBuilder(master.adminUri())
                .header(LockLimits.SECRET_HEADER, SECRET).GET().build());
        assertEquals(401, response.statusCode());
    }
}
