package io.lockfacade.client.transport;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.transport.LeaderFollowingCalls.Member;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLHandshakeException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a member that did not answer becomes suspect ({@link LeaderFollowingCalls}), with members that fail on cue. */
class LeaderFollowingCallsTest {

    /** A member's one call: fails as the test says. */
    @FunctionalInterface
    interface Failing {
        Boolean call();
    }

    private final List<URI> endpoints = List.of(endpoint(), endpoint());

    private static URI endpoint() {
        return URI.create("http://" + UUID.randomUUID() + ".invalid:1/remoting/MemoryLockService");
    }

    private LeaderFollowingCalls<Failing> calls(Supplier<RuntimeException> first, Duration budget) {
        Failing failing = () -> {
            throw first.get();
        };
        return new LeaderFollowingCalls<>(List.of(new Member<>(endpoints.get(0), failing, failing),
                new Member<>(endpoints.get(1), failing, failing)), budget);
    }

    private static RuntimeException timeout() {
        return new LockServiceUnavailableException("no reply", new SocketTimeoutException("Read timed out"));
    }

    private static RuntimeException refused() {
        return new LockServiceUnavailableException("no connection", new ConnectException("Connection refused"));
    }

    @Test
    void aMemberThatTimesOutAnAttemptCutShortByTheCallersDeadlineIsNotSuspected() {
        LeaderFollowingCalls<Failing> calls = calls(LeaderFollowingCallsTest::timeout, Duration.ofMillis(200));

        assertThrows(LockServiceUnavailableException.class, () -> calls.call(Failing::call, "probe"));

        LeaderBoard board = LeaderBoard.of(endpoints);
        assertFalse(board.isSuspect(0), "given under " + LeaderFollowingCalls.LEAST_ATTEMPT_TO_SUSPECT);
        assertFalse(board.isSuspect(1));
    }

    @Test
    void aMemberThatTimesOutAFullAttemptIsSuspected() {
        LeaderFollowingCalls<Failing> calls = calls(LeaderFollowingCallsTest::timeout, Duration.ofSeconds(1));

        assertThrows(LockServiceUnavailableException.class, () -> calls.call(Failing::call, "quick call"));

        assertTrue(LeaderBoard.of(endpoints).isSuspect(0));
    }

    @Test
    void aCallThatEndsOnAnAttemptItsDeadlineCutShortReportsTheFailureBeforeIt() {
        AtomicInteger attempts = new AtomicInteger();
        LeaderFollowingCalls<Failing> calls = calls(() -> attempts.getAndIncrement() == 0
                ? new LockServiceUnavailableException("TLS failed: the client's truststore must hold the CA",
                        new SSLHandshakeException("PKIX path building failed"))
                : timeout(), Duration.ofMillis(200));

        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> calls.call(Failing::call, "probe"));

        assertTrue(attempts.get() > 1, "only " + attempts.get() + " attempt");
        assertTrue(failure.getMessage().contains("truststore must hold the CA"), failure.getMessage());
    }

    @Test
    void aMemberThatRefusesTheConnectionIsSuspectedHoweverShortTheAttempt() {
        LeaderFollowingCalls<Failing> calls = calls(LeaderFollowingCallsTest::refused, Duration.ofMillis(200));

        assertThrows(LockServiceUnavailableException.class, () -> calls.call(Failing::call, "probe"));

        assertTrue(LeaderBoard.of(endpoints).isSuspect(0));
    }
}
