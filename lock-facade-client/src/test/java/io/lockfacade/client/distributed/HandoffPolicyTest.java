package io.lockfacade.client.distributed;

import org.junit.jupiter.api.Test;

import static io.lockfacade.client.distributed.HandoffPolicy.Decision.HAND_OFF;
import static io.lockfacade.client.distributed.HandoffPolicy.Decision.RELEASE_REMOTELY;
import static io.lockfacade.client.distributed.HandoffPolicy.Decision.YIELD_TO_OTHER_NODES;
import static org.junit.jupiter.api.Assertions.assertEquals;

class HandoffPolicyTest {

    private final HandoffPolicy policy = HandoffPolicy.bounded(2);

    @Test
    void handsOffAValidGrantToAQueuedLocalThread() {
        assertEquals(HAND_OFF, policy.onFinalUnlock(true, true, 0));
    }

    @Test
    void releasesWhenNoLocalThreadIsQueued() {
        assertEquals(RELEASE_REMOTELY, policy.onFinalUnlock(true, false, 0));
    }

    @Test
    void releasesALostGrantEvenWithThreadsQueued() {
        assertEquals(RELEASE_REMOTELY, policy.onFinalUnlock(false, true, 0));
    }

    @Test
    void yieldsToOtherNodesOnceTheBoundOfConsecutiveHandOffsIsReached() {
        assertEquals(HAND_OFF, policy.onFinalUnlock(true, true, 1));
        assertEquals(YIELD_TO_OTHER_NODES, policy.onFinalUnlock(true, true, 2));
    }

    @Test
    void aBoundOfZeroNeverHandsOff() {
        assertEquals(RELEASE_REMOTELY, HandoffPolicy.bounded(0).onFinalUnlock(true, true, 0));
    }
}
