package io.lockfacade.client.distributed;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a remote attempt asks for, given the caller's deadline. */
class DeadlineTest {

    private static final long CAP = 1_000;

    @Test
    void aCallerThatDoesNotWaitAsksForNoWait() {
        assertEquals(0, Deadline.after(0, TimeUnit.MILLISECONDS).remoteWaitMillisCappedAt(CAP));
    }

    @Test
    void aCallerWhoseWaitThePartOnTheNodeTookStillAsksAsAWaitingCall() throws InterruptedException {
        Deadline deadline = Deadline.after(1, TimeUnit.MILLISECONDS);
        Thread.sleep(5);

        assertTrue(deadline.hasPassed());
        assertEquals(0, deadline.remainingMillisCappedAt(CAP));
        assertEquals(1, deadline.remoteWaitMillisCappedAt(CAP), "a waiting call, bound by the client's deadline");
    }

    @Test
    void aLongWaitIsAskedInCappedTurnsAndARestRoundedUp() {
        assertEquals(CAP, Deadline.after(5, TimeUnit.SECONDS).remoteWaitMillisCappedAt(CAP));
        assertEquals(CAP, Deadline.never().remoteWaitMillisCappedAt(CAP));
        long rest = Deadline.after(300, TimeUnit.MILLISECONDS).remoteWaitMillisCappedAt(CAP);
        assertTrue(rest > 250 && rest <= 300, "asked for " + rest);
    }
}
