package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.client.testing.FaultInjectingMaster.EarlyUnlocks;
import io.lockfacade.client.testing.FaultInjectingMaster.Failure;
import io.lockfacade.client.testing.FaultInjectingMaster.Operation;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A group client's unlocks answered before they are durable, against the real master over HTTP behind a decorator
 * that answers {@code unlockEarly} as a group's leader does, and can lose the release as a leader that fails before
 * the commit does ({@link PendingReleases}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EarlyReleasesTest {

    private static final ClientTransportSettings SETTINGS = ClientTransportSettings.defaults()
            .withConnectTimeout(Duration.ofSeconds(1)).withReadTimeout(Duration.ofSeconds(1));
    private static final long LEASE = 60_000;
    /** What a loaded build host may add to a bound the client keeps. */
    private static final long SCHEDULING_SLACK_MILLIS = 150;
    /** Longer than the age at which a release is settled, plus a settle round. */
    private static final Duration PAST_SETTLE = Duration.ofMillis(PendingReleases.SETTLE_AFTER_MILLIS
            + 2 * AbandonedAcquisitions.RETRY_MILLIS);

    private final FaultInjectingMaster master = new FaultInjectingMaster();
    private HessianTestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        master.close();
    }

    private FailoverMemoryLockService client(EarlyUnlocks answers) throws Exception {
        master.answerUnlocks(answers);
        server = HessianTestServer.start(master);
        return new FailoverMemoryLockService(List.of(server.serviceUrl()), SETTINGS);
    }

    @Test
    void aReleaseLostAfterItsEarlyAnswerIsSettledInTheBackgroundAndTheLockComesFree() throws Exception {
        FailoverMemoryLockService client = client(EarlyUnlocks.EARLY_AND_LOST);
        client.tryLock("orders", "k", "a", LEASE, 0);

        assertTrue(client.unlock("orders", "k", "a"));
        assertEquals(1, client.pendingReleases());
        assertEquals(Optional.of("a"), master.holder("orders", "k"), "the release was lost");

        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20), () -> master.holder("orders", "k").isEmpty(),
                () -> "the lost release was never settled");
        Await.until(Duration.ofSeconds(5), Duration.ofMillis(20), () -> client.pendingReleases() == 0,
                () -> client.pendingReleases() + " releases still kept");
        assertEquals(1, client.releasesSettledInBackground());
    }

    @Test
    void aReleaseTheSameOwnerSupersedesByAcquiringAgainIsNeverSettled() throws Exception {
        FailoverMemoryLockService client = client(EarlyUnlocks.EARLY_AND_LOST);
        LockGrant first = client.tryLock("orders", "k", "a", LEASE, 0);
        assertTrue(client.unlock("orders", "k", "a"));

        LockGrant again = client.tryLock("orders", "k", "a", LEASE, 0);
        assertEquals(first.getFencingToken(), again.getFencingToken(), "the release was lost: the same grant");
        assertEquals(0, client.pendingReleases());

        Thread.sleep(PAST_SETTLE.toMillis());
        assertEquals(Optional.of("a"), master.holder("orders", "k"), "the lock the owner holds again stays held");
        assertEquals(0, master.calls(Operation.SETTLE_RELEASES));
    }

    @Test
    void aSettledReleaseThatHadTakenEffectLeavesTheNextHolderAlone() throws Exception {
        FailoverMemoryLockService client = client(EarlyUnlocks.EARLY);
        client.tryLock("orders", "k", "a", LEASE, 0);
        assertTrue(client.unlock("orders", "k", "a"));
        LockGrant next = client.tryLock("orders", "k", "b", LEASE, 0);

        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20), () -> client.releasesSettledInBackground() == 1,
                () -> "not settled");
        assertEquals(Optional.of("b"), master.holder("orders", "k"));
        assertEquals(next.getFencingToken(), client.tryLock("orders", "k", "b", LEASE, 0).getFencingToken());
    }

    @Test
    void aReleaseWhoseSettleWasSentIsSettledBeforeTheOwnerAcquiresAgain() throws Exception {
        FailoverMemoryLockService client = client(EarlyUnlocks.EARLY_AND_LOST);
        LockGrant first = client.tryLock("orders", "k", "a", LEASE, 0);
        assertTrue(client.unlock("orders", "k", "a"));
        master.fail(Operation.SETTLE_RELEASES, Failure.AFTER_CALL);
        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20),
                () -> master.calls(Operation.SETTLE_RELEASES) >= 1, () -> "no settle was sent");
        master.heal(Operation.SETTLE_RELEASES);

        LockGrant again = client.tryLock("orders", "k", "a", LEASE, 0);
        assertTrue(again.getFencingToken() > first.getFencingToken(),
                "settled first: a new grant, " + again.getFencingToken() + " after " + first.getFencingToken());
        Thread.sleep(PAST_SETTLE.toMillis());
        assertEquals(Optional.of("a"), master.holder("orders", "k"), "and it stays held");
    }

    @Test
    void aWaitingAcquisitionBehindASettleThatHangsReturnsByItsDeadlineAndChangesNothing() throws Exception {
        FailoverMemoryLockService client = client(EarlyUnlocks.EARLY_AND_LOST);
        client.tryLock("orders", "k", "a", LEASE, 0);
        assertTrue(client.unlock("orders", "k", "a"));
        CountDownLatch settles = master.gate(Operation.SETTLE_RELEASES);
        try {
            Await.until(Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> master.calls(Operation.SETTLE_RELEASES) >= 1, () -> "no settle was sent");
            int acquisitions = master.calls(Operation.TRY_LOCK);

            long wait = 200;
            long start = System.nanoTime();
            assertThrows(LockServiceUnavailableException.class, () -> client.tryLock("orders", "k", "a", LEASE, wait));
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(tookMillis <= wait + FailoverMemoryLockService.DEADLINE_BOUND.toMillis() + SCHEDULING_SLACK_MILLIS,
                    "returned after " + tookMillis + " ms");
            assertEquals(acquisitions, master.calls(Operation.TRY_LOCK), "the acquisition was not sent");
            assertEquals(1, client.pendingReleases());
        } finally {
            settles.countDown();
        }
    }

    @Test
    void anAcquisitionWhoseReleaseCannotBeSettledFailsAndChangesNothing() throws Exception {
        FailoverMemoryLockService client = client(EarlyUnlocks.EARLY_AND_LOST);
        client.tryLock("orders", "k", "a", LEASE, 0);
        assertTrue(client.unlock("orders", "k", "a"));
        master.fail(Operation.SETTLE_RELEASES, Failure.BEFORE_CALL);
        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20),
                () -> master.calls(Operation.SETTLE_RELEASES) >= 1, () -> "no settle was sent");
        int acquisitions = master.calls(Operation.TRY_LOCK);

        assertThrows(RuntimeException.class, () -> client.tryLock("orders", "k", "a", LEASE, 0));
        assertEquals(acquisitions, master.calls(Operation.TRY_LOCK), "the acquisition was not sent");
        assertEquals(1, client.pendingReleases());
    }
}
