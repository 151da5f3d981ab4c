package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.deadlock.HeldLock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.api.PrimitiveLockService.READ_WRITE_NOT_HELD;
import static io.lockfacade.api.PrimitiveLockService.READ_WRITE_QUIET;
import static io.lockfacade.api.PrimitiveLockService.READ_WRITE_WAITING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PrimitiveLockService#awaitReadWriteWaiter}: a read-write lock's holder learns, without asking per use,
 * that a call queued behind it; the wait changes nothing.
 */
public interface ReadWriteWaiterRules extends PrimitiveSubject {

    @Test
    default void aParkedHolderLearnsAtOnceThatAWriterQueuedBehindIt() throws Exception {
        String readers = openSession();
        String writer = openSession();
        LockGrant read = primitives().tryReadLockInSession(lockType(), "k", "readers", readers, 0);
        assertNotNull(read);
        CompletableFuture<Integer> watch = watch("readers");
        CompletableFuture<LockGrant> write = asideUntilAnswered("writer",
                () -> primitives().tryWriteLockInSession(lockType(), "k", "writer", writer, waitCap().toMillis()));

        assertEquals(READ_WRITE_WAITING, watch.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertEquals(READ_WRITE_WAITING, primitives().awaitReadWriteWaiter(lockType(), "k", "readers", 60_000),
                "a writer already waiting answers at once");
        assertTrue(primitives().unlockRead(lockType(), "k", "readers"));
        assertNotNull(write.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
    }

    @Test
    default void aWriterThatNamesWhatItHoldsForTheDeadlockCheckIsSeenQueueingToo() throws Exception {
        String readers = openSession();
        String writer = openSession();
        assertNotNull(primitives().tryReadLockInSession(lockType(), "k", "readers", readers, 0));
        LockGrant writersLock = master().tryLockInSession(lockType(), "m", "writer", writer, 0);
        assertNotNull(writersLock);
        String heldLocks = HeldLock.encode(List.of(new HeldLock(lockType(), "m", writersLock.getFencingToken())));
        CompletableFuture<Integer> watch = watch("readers");
        CompletableFuture<LockGrant> write = asideUntilAnswered("writer", () -> primitives()
                .tryWriteLockInSessionHolding(lockType(), "k", "writer", writer, waitCap().toMillis(), heldLocks,
                        DeadlockRules.CHECK_MILLIS));

        assertEquals(READ_WRITE_WAITING, watch.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertTrue(primitives().unlockRead(lockType(), "k", "readers"));
        assertNotNull(write.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertTrue(master().unlock(lockType(), "m", "writer"), "the writer kept its lock");
    }

    @Test
    default void aHolderNobodyQueuesBehindHearsQuietWhenItsWaitEnds() {
        String alice = openSession();
        LockGrant write = primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0);
        assertNotNull(write);

        assertEquals(READ_WRITE_QUIET, primitives().awaitReadWriteWaiter(lockType(), "k", "alice", 50));
        assertEquals(write.getFencingToken(),
                primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0).getFencingToken(),
                "the wait changed nothing");
    }

    @Test
    default void anOwnerThatHoldsNothingIsToldSoAtOnceAndAParkedOneWhenItReleases() throws Exception {
        String alice = openSession();
        assertEquals(READ_WRITE_NOT_HELD, primitives().awaitReadWriteWaiter(lockType(), "k", "alice", 60_000));
        assertNotNull(primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0));
        CompletableFuture<Integer> watch = watch("alice");

        assertTrue(primitives().unlockRead(lockType(), "k", "alice"));
        assertEquals(READ_WRITE_NOT_HELD, watch.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
    }

    @Test
    default void aDowngradingOwnerStillHoldsWhileItKeepsTheReadLock() {
        String alice = openSession();
        assertNotNull(primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0));
        assertNotNull(primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0));
        assertTrue(primitives().unlockWrite(lockType(), "k", "alice"));

        assertEquals(READ_WRITE_QUIET, primitives().awaitReadWriteWaiter(lockType(), "k", "alice", 20));
    }

    @Test
    default void badWaiterArgumentsAreRefusedNamingThem() {
        String alice = openSession();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().awaitReadWriteWaiter("", "k", "alice", 0)).getMessage().contains("lockType"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().awaitReadWriteWaiter(lockType(), "k", "", 0)).getMessage().contains("owner"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().awaitReadWriteWaiter(lockType(), "k", "alice", -1)).getMessage()
                .contains("waitMillis"));
        assertNotNull(primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0), "nothing changed");
        assertNull(primitives().tryReadLockInSession(lockType(), "k", "bob", openSession(), 0));
    }

    /** @return {@code owner}'s wait on lock {@code k}, asked again each time it ends quiet, until it is answered */
    private CompletableFuture<Integer> watch(String owner) {
        return asideUntilAnswered("watch", () -> {
            int standing = primitives().awaitReadWriteWaiter(lockType(), "k", owner, waitCap().toMillis());
            return standing == READ_WRITE_QUIET ? null : standing;
        });
    }
}
