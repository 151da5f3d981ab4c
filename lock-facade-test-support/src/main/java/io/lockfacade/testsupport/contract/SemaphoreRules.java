package io.lockfacade.testsupport.contract;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.LockGrant;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Semaphores: never more permits held than the capacity, set by the first user; permits held under sessions. */
public interface SemaphoreRules extends PrimitiveSubject {

    @Test
    default void permitsAreGrantedUpToTheCapacityTheFirstUserSet() {
        String session = openSession();
        assertEquals(-1, primitives().availablePermits(lockType(), "s"), "no capacity before the first user");
        LockGrant two = primitives().tryAcquirePermits(lockType(), "s", "h1", 2, 3, session, 0);
        assertNotNull(two);
        assertEquals(1, primitives().availablePermits(lockType(), "s"));
        assertNull(primitives().tryAcquirePermits(lockType(), "s", "h2", 2, 99, session, 0),
                "the first user's capacity stands");
        LockGrant one = primitives().tryAcquirePermits(lockType(), "s", "h3", 1, 3, session, 0);
        assertNotNull(one);
        assertTrue(one.getFencingToken() > two.getFencingToken());
        assertEquals(0, primitives().availablePermits(lockType(), "s"));

        assertTrue(primitives().releasePermits(lockType(), "s", "h1", 1), "h1 keeps one");
        assertEquals(1, primitives().availablePermits(lockType(), "s"));
        assertTrue(primitives().releasePermits(lockType(), "s", "h1", 0));
        assertFalse(primitives().releasePermits(lockType(), "s", "h1", 0), "released once only");
        assertNotNull(primitives().tryAcquirePermits(lockType(), "s", "h2", 2, 3, session, 0));
    }

    @Test
    default void aWaitingCallGetsItsPermitsWhenEnoughComeBack() throws Exception {
        String session = openSession();
        String waiter = openSession();
        assertNotNull(primitives().tryAcquirePermits(lockType(), "s", "h1", 2, 2, session, 0));
        CompletableFuture<LockGrant> waiting = asideUntilAnswered("waiter",
                () -> primitives().tryAcquirePermits(lockType(), "s", "w", 2, 2, waiter, waitCap().toMillis()));
        assertTrue(primitives().releasePermits(lockType(), "s", "h1", 0));

        assertNotNull(waiting.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertEquals(0, primitives().availablePermits(lockType(), "s"));
    }

    @Test
    default void askingAgainUnderTheSameHolderNameTakesNoMorePermits() {
        String session = openSession();
        LockGrant first = primitives().tryAcquirePermits(lockType(), "s", "h1", 2, 4, session, 0);
        LockGrant again = primitives().tryAcquirePermits(lockType(), "s", "h1", 2, 4, session, 0);
        assertEquals(first.getFencingToken(), again.getFencingToken());
        assertEquals(2, primitives().availablePermits(lockType(), "s"));
    }

    @Test
    default void moreThanTheCapacityIsRefusedAtOnce() {
        String session = openSession();
        assertNotNull(primitives().tryAcquirePermits(lockType(), "s", "h1", 1, 2, session, 0));
        assertThrows(AcquisitionRefusedException.class,
                () -> primitives().tryAcquirePermits(lockType(), "s", "h2", 3, 2, session, 60_000));
        assertEquals(1, primitives().availablePermits(lockType(), "s"), "nothing changed");
    }

    @Test
    default void aClosedSessionGivesItsPermitsBack() {
        String crashed = openSession();
        String other = openSession();
        assertNotNull(primitives().tryAcquirePermits(lockType(), "s", "h1", 2, 2, crashed, 0));
        assertTrue(master().closeSession(crashed));

        assertNotNull(primitives().tryAcquirePermits(lockType(), "s", "h2", 2, 2, other, 0));
    }

    @Test
    default void badSemaphoreArgumentsAreRefusedNamingThem() {
        String session = openSession();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().tryAcquirePermits(lockType(), "s", "h", 0, 2, session, 0)).getMessage()
                .contains("permits"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().tryAcquirePermits(lockType(), "s", "h", 1, 0, session, 0)).getMessage()
                .contains("capacity"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().tryAcquirePermits(lockType(), "s", "", 1, 2, session, 0)).getMessage()
                .contains("holder"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().releasePermits(lockType(), "s", "h", -1)).getMessage().contains("keep"));
        assertEquals(-1, primitives().availablePermits(lockType(), "s"), "nothing changed");
    }
}
