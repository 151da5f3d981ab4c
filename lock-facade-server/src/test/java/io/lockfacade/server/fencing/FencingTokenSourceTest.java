package io.lockfacade.server.fencing;

import io.lockfacade.api.LockLimits;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FencingTokenSourceTest {

    @Test
    void tokensStrictlyIncreaseEvenWhenTheClockStandsStill() {
        FencingTokenSource tokens = new FencingTokenSource(() -> 1_000);
        long previous = 0;
        for (int i = 0; i < 10_000; i++) {
            long token = tokens.next();
            assertTrue(token > previous);
            previous = token;
        }
    }

    @Test
    void restartedSourceIssuesTokensAboveThePreviousRun() {
        AtomicLong clockMicros = new AtomicLong(1_700_000_000_000_000L);
        FencingTokenSource firstRun = new FencingTokenSource(clockMicros::get);
        long last = 0;
        for (int i = 0; i < 1_000; i++) {
            last = firstRun.next();
        }
        clockMicros.addAndGet(1_000_000); // the restart takes a second

        FencingTokenSource secondRun = new FencingTokenSource(clockMicros::get);

        assertTrue(secondRun.next() > last);
    }

    @Test
    void systemClockTokensStayBelowTheJsonSafeBound() {
        long token = new FencingTokenSource().next();

        assertTrue(token > 0 && token < LockLimits.FENCING_TOKEN_BOUND);
    }

    @Test
    void exhaustedTokenSpaceIsAnErrorNotAWrapAround() {
        FencingTokenSource tokens = new FencingTokenSource(() -> LockLimits.FENCING_TOKEN_BOUND);

        assertThrows(IllegalStateException.class, tokens::next);
    }
}
