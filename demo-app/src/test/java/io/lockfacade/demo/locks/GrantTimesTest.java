package io.lockfacade.demo.locks;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The first grant after an instant, whether it came before the question or after it. */
class GrantTimesTest {

    private static final long INSTANT = 1_000_000L;

    @Test
    void nothingIsReportedBeforeTheQuestionNorWithoutAGrantAfterTheInstant() {
        GrantTimes times = new GrantTimes();
        times.granted(INSTANT + 5);
        assertEquals(OptionalLong.empty(), times.firstSince(), "no instant asked about yet");

        times.watchSince(INSTANT + 10);

        assertEquals(OptionalLong.empty(), times.firstSince());
    }

    @Test
    void aGrantReceivedBetweenTheInstantAndTheQuestionCounts() {
        GrantTimes times = new GrantTimes();
        times.granted(INSTANT - 1);
        times.granted(INSTANT + 7);
        times.granted(INSTANT + 3);

        times.watchSince(INSTANT);
        times.granted(INSTANT + 9);

        assertEquals(OptionalLong.of(INSTANT + 3), times.firstSince());
    }

    @Test
    void aGrantAfterTheQuestionCountsWhenNoneCameBefore() {
        GrantTimes times = new GrantTimes();
        times.granted(INSTANT);
        times.watchSince(INSTANT);

        times.granted(INSTANT + 20);
        times.granted(INSTANT + 30);

        assertEquals(OptionalLong.of(INSTANT + 20), times.firstSince());
    }
}
