package io.lockfacade.webapp.admin;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.metrics.ParsedScrape;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.LocalMasterGroup;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deadlocks are visible to the operator on the single master and on a group's leader: two node threads wait for
 * each other over real Hessian calls; while the older waits, it is listed as a live wait; once the closing wait
 * is told, the deadlock (victim, cycle) is on the page and in {@code GET /admin/api/deadlocks}, and
 * {@code lockfacade_master_deadlocks_total} counts it under the lock type. A follower points to the leader.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DeadlockAdminTest {

    private static final String API = "/admin/api/deadlocks";
    private static final long CHECK_MILLIS = 100;
    private static final String A = "node-a:worker#1";
    private static final String B = "node-b:worker#2";

    private MasterServer single;
    private LocalMasterGroup group;

    @BeforeAll
    void startMasters(@TempDir Path dataRoot) {
        single = Masters.start();
        group = LocalMasterGroup.start(dataRoot);
    }

    @AfterAll
    void stopMasters() {
        if (group != null) {
            group.close();
        }
        if (single != null) {
            single.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"single master", "group leader"})
    void aDeadlockIsListedWithItsVictimAndCountedByLockType(String where) throws Exception {
        MasterServer master = where.equals("single master") ? single : group.awaitServingLeader();
        String type = where.equals("single master") ? "transfers" : "ledger";
        MemoryLockService locks = HessianClients.proxy(master.serviceUri());
        locks.openSession("sa", 60_000);
        locks.openSession("sb", 60_000);
        LockGrant aHolds = locks.tryLockInSession(type, "1", A, "sa", 0);
        LockGrant bHolds = locks.tryLockInSession(type, "2", B, "sb", 0);

        CompletableFuture<LockGrant> aWaits = waitHolding(master, type, A, "2", "sa", aHolds);
        Await.until("a's wait is watched", () -> json(master).path("waits").size() == 1);
        JsonNode wait = json(master).path("waits").get(0);
        assertEquals(A, wait.path("waiting").asString());
        assertEquals("2", wait.path("key").asString());
        assertEquals(B, wait.path("heldBy").asString());
        assertEquals(aHolds.getFencingToken(), wait.path("holdsTokens").get(0).asLong());

        CompletableFuture<LockGrant> bWaits = waitHolding(master, type, B, "1", "sb", bHolds);
        ExecutionException told = assertThrows(ExecutionException.class, () -> bWaits.get(30, TimeUnit.SECONDS));
        assertInstanceOf(DeadlockException.class, told.getCause());

        JsonNode found = json(master).path("found").get(0);
        assertEquals(B, found.path("victim").asString());
        assertEquals(type, found.path("lockType").asString());
        assertTrue(found.path("cycle").asString().startsWith("deadlock: "), found.toString());
        String page = AdminClient.admin(master).get(DeadlockPageController.DEADLOCKS_PATH).body();
        assertTrue(page.contains(B) && page.contains("victim " + B), page);
        assertEquals(1.0, ParsedScrape.of(master).value("lockfacade_master_deadlocks_total", "type", type));

        assertTrue(locks.unlock(type, "2", B), "the victim kept its lock");
        assertEquals(A, aWaits.get(30, TimeUnit.SECONDS).getOwner());
        Await.until("no wait is watched", () -> json(master).path("waits").isEmpty());
        locks.closeSession("sa");
        locks.closeSession("sb");
        if (where.equals("group leader")) {
            for (MasterServer follower : group.followersOf(master)) {
                assertEquals(421, AdminClient.admin(follower).get(API).statusCode());
                assertFalse(AdminClient.admin(follower).get(DeadlockPageController.DEADLOCKS_PATH).body()
                        .contains(B), "a follower shows no graph of its own");
            }
        }
    }

    private static JsonNode json(MasterServer master) {
        HttpResponse<String> response = AdminClient.admin(master).get(API);
        assertEquals(200, response.statusCode(), response.body());
        return AdminClient.json(response);
    }

    private static CompletableFuture<LockGrant> waitHolding(MasterServer master, String type, String owner,
                                                            String key, String session, LockGrant held) {
        MemoryLockService caller = HessianClients.proxy(master.serviceUri());
        String heldLocks = HeldLock.encode(List.of(new HeldLock(type, held.getKey(), held.getFencingToken())));
        return CompletableFuture.supplyAsync(() -> caller.tryLockInSessionHolding(type, key, owner, session, 60_000,
                heldLocks, CHECK_MILLIS), command -> new Thread(command, "deadlock-admin-" + owner).start());
    }
}
