package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Calls the master refuses: bad arguments, and any call to a member that does not lead. Neither changes anything. */
public interface RefusalRules extends ContractSubject {

    /** A name one character over the limit. */
    String LONG_NAME = "x".repeat(257);

    /** @return each bad call with the argument its refusal must name; {@code t} is the test's lock type */
    static Stream<Arguments> badCalls() {
        return Stream.of(
                bad("lockType", (m, t) -> m.tryLock(null, "k", "o", 0, 0)),
                bad("lockType", (m, t) -> m.tryLock("", "k", "o", 0, 0)),
                bad("lockType", (m, t) -> m.tryLock(LONG_NAME, "k", "o", 0, 0)),
                bad("key", (m, t) -> m.tryLock(t, "a\nb", "o", 0, 0)),
                bad("key", (m, t) -> m.tryLock(t, null, "o", 0, 0)),
                bad("owner", (m, t) -> m.tryLock(t, "k", "", 0, 0)),
                bad("owner", (m, t) -> m.tryLock(t, "k", LONG_NAME, 0, 0)),
                bad("leaseMillis", (m, t) -> m.tryLock(t, "k", "o", 99, 0)),
                bad("leaseMillis", (m, t) -> m.tryLock(t, "k", "o", Long.MAX_VALUE, 0)),
                bad("waitMillis", (m, t) -> m.tryLock(t, "k", "o", 0, -1)),
                bad("waitMillis", (m, t) -> m.tryLock(t, "k", "o", 0, TimeUnit.DAYS.toMillis(2))),
                bad("owner", (m, t) -> m.unlock(t, "k", null)),
                bad("key", (m, t) -> m.unlock(t, "", "holder")),
                bad("lockType", (m, t) -> m.yieldToWaiters(LONG_NAME, "k", "holder")),
                bad("owner", (m, t) -> m.yieldToWaiters(t, "k", "")),
                bad("key", (m, t) -> m.hasWaiters(t, null)),
                bad("lockType", (m, t) -> m.hasWaiters(LONG_NAME, "k")),
                bad("leaseMillis", (m, t) -> m.renew(t, "k", "holder", 45)),
                bad("lockType", (m, t) -> m.renew("\u0000", "k", "holder", 0)),
                bad("lockType", (m, t) -> m.isLockTypeEmpty(LONG_NAME)),
                bad("sessionId", (m, t) -> m.openSession("", 0)),
                bad("ttlMillis", (m, t) -> m.openSession("s", 50)),
                bad("sessionId", (m, t) -> m.keepAliveSession(null)),
                bad("sessionId", (m, t) -> m.closeSession("a\tb")),
                bad("sessionId", (m, t) -> m.tryLockInSession(t, "k", "o", "", 0)),
                bad("owner", (m, t) -> m.tryLockInSession(t, "k", null, "s", 0)),
                bad("waitMillis", (m, t) -> m.tryLockInSession(t, "k", "o", "s", -1)));
    }

    private static Arguments bad(String argument, BiConsumer<MemoryLockService, String> call) {
        return Arguments.of(argument, call);
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("io.lockfacade.testsupport.contract.RefusalRules#badCalls")
    default void aBadArgumentIsRefusedByNameAndChangesNothing(String argument,
                                                              BiConsumer<MemoryLockService, String> call) {
        LockGrant held = master().tryLock(lockType(), "k", "holder", 0, 0);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> call.accept(master(), lockType()));

        assertTrue(refused.getMessage().startsWith(argument), refused.getMessage());
        assertNull(master().tryLock(lockType(), "k", "o", 0, 0));
        assertEquals(held.getFencingToken(), master().tryLock(lockType(), "k", "holder", 0, 0).getFencingToken());
        assertFalse(master().hasWaiters(lockType(), "k"));
    }

    @Test
    default void aMemberThatDoesNotLeadAnswersNotLeaderAndChangesNothing() {
        assumeTrue(notLeader().isPresent(), "the master has no members that do not lead");
        MemoryLockService follower = notLeader().orElseThrow();

        NotLeaderException refused = assertThrows(NotLeaderException.class,
                () -> follower.tryLock(lockType(), "k", "alice", 0, 0));
        assertTrue(refused.getMessage().startsWith("not leader"), refused.getMessage());
        assertThrows(NotLeaderException.class, () -> follower.isLockTypeEmpty(lockType()));
        assertThrows(NotLeaderException.class, () -> follower.openSession(newSessionId(), 0));

        assertTrue(master().isLockTypeEmpty(lockType()));
    }
}
