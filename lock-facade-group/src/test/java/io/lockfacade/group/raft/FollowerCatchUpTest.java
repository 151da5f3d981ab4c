package io.lockfacade.group.raft;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FollowerCatchUpTest {

    private final FollowerCatchUp catchUp = new FollowerCatchUp();

    @Test
    void aFollowerThatReportedNoGapIsLeftToRaft() {
        assertTrue(catchUp.next("n2", false, 10, 11, 5_000, 0).isEmpty());
    }

    @Test
    void aGapIsFilledFromTheNextIndexInRangesOfBoundedSize() {
        assertEquals(Optional.of(new FollowerCatchUp.Range(11, 10 + FollowerCatchUp.MAX_ENTRIES)),
                catchUp.next("n2", true, 10, 11, 50_000, 0));
        assertEquals(Optional.of(new FollowerCatchUp.Range(11, 30)), new FollowerCatchUp().next("n2", true, 10, 11,
                30, 0));
    }

    @Test
    void oneRangeIsInFlightPerFollowerUntilItIsAnsweredOrTheRetryTimePasses() {
        catchUp.next("n2", true, 10, 11, 50, 0);
        assertTrue(catchUp.next("n2", true, 10, 11, 60, 1_000).isEmpty(), "unanswered yet");
        assertEquals(Optional.of(new FollowerCatchUp.Range(51, 70)), catchUp.next("n2", true, 50, 51, 70, 2_000),
                "answered: the next range");
        assertEquals(Optional.of(new FollowerCatchUp.Range(51, 80)),
                catchUp.next("n2", true, 50, 51, 80, 2_000 + FollowerCatchUp.RETRY_NANOS), "lost: sent again");
        assertTrue(catchUp.next("n3", true, 0, 1, 80, 2_000).isPresent(), "another follower is independent");
    }
}
