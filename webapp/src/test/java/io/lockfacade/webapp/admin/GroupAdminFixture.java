package io.lockfacade.webapp.admin;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.LocalMasterGroup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One 3-member master group of in-process masters on loopback for a test class, and before each test its leader
 * serving now (under load a leader may step down between tests), its followers and a Hessian client of the leader.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
abstract class GroupAdminFixture {

    LocalMasterGroup group;
    MasterServer leader;
    List<MasterServer> followers;
    MemoryLockService locks;

    @BeforeAll
    void startGroup(@TempDir Path dataRoot) {
        group = LocalMasterGroup.start(dataRoot);
    }

    @BeforeEach
    void findLeader() throws InterruptedException {
        leader = group.awaitServingLeader();
        followers = group.followersOf(leader);
        locks = HessianClients.proxy(leader.serviceUri());
    }

    @AfterAll
    void stopGroup() {
        if (group != null) {
            group.close();
        }
    }

    /** @return the response, once asserted to be a 200 (its body is the failure message otherwise) */
    static HttpResponse<String> ok(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.body());
        return response;
    }
}
