package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link MemoryLockService} contract, run against one master: extend it, return the master from
 * {@link #master()}, and the rules of {@link GrantRules}, {@link WaitingRules}, {@link ExpiryRules},
 * {@link SessionRules}, {@link RefusalRules}, {@link DeadlockRules} and {@link ReleaseRules} run against it. A
 * subclass starts its master once (tests use lock
 * types of their own) and overrides the hooks of {@link ContractSubject} where its master differs from the
 * defaults: the contract's default lease and wait cap, the real clock, no members that do not lead.
 *
 * <p>Tests assert what the contract promises, never how fast: a wait that must end is bounded by
 * {@link #PATIENCE}, a call's own wait cap excepted.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
public abstract class MasterContract implements GrantRules, WaitingRules, ExpiryRules, SessionRules, RefusalRules,
        DeadlockRules, ReleaseRules {

    /** The bound on anything a test waits for that the master should do at once. */
    public static final Duration PATIENCE = Duration.ofSeconds(20);

    private static final AtomicInteger SESSIONS = new AtomicInteger();

    private final List<Thread> callers = new ArrayList<>();
    private String lockType;

    @BeforeEach
    final void nameThisTestsLocks(TestInfo test) {
        String method = test.getTestMethod().map(java.lang.reflect.Method::getName).orElse("test");
        lockType = getClass().getSimpleName() + "." + method + test.getDisplayName().hashCode();
    }

    @AfterEach
    final void awaitCallers() throws InterruptedException {
        for (Thread caller : callers) {
            caller.join(waitCap().plus(PATIENCE).toMillis());
        }
    }

    @Override
    public String lockType() {
        return lockType;
    }

    @Override
    public Duration defaultLease() {
        return LockLimits.DEFAULT_MASTER_LEASE;
    }

    @Override
    public Duration waitCap() {
        return LockLimits.DEFAULT_WAIT_CAP;
    }

    @Override
    public Optional<MemoryLockService> notLeader() {
        return Optional.empty();
    }

    @Override
    public void letTimePass(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis() + 1);
    }

    @Override
    public final CompletableFuture<LockGrant> tryLockAside(String key, String owner, long waitMillis) {
        CompletableFuture<LockGrant> answer = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                answer.complete(master().tryLock(lockType, key, owner, 0, waitMillis));
            } catch (RuntimeException failure) {
                answer.completeExceptionally(failure);
            }
        }, "contract-caller-" + owner);
        caller.setDaemon(true);
        callers.add(caller);
        caller.start();
        return answer;
    }

    @Override
    public final String newSessionId() {
        return lockType + "-session-" + SESSIONS.incrementAndGet();
    }
}
