package io.lockfacade.webapp.transport;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.testsupport.contract.MasterContract;
import io.lockfacade.testsupport.contract.PrimitiveRules;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The master contract, read-write locks, semaphores and leaderships included, on the real master over HTTP, through
 * Caucho's own Hessian proxy: every rule, error and answer as a client on another machine sees it; and what HTTP
 * adds, faults that carry no server frames.
 */
class HttpMasterContractTest extends MasterContract implements PrimitiveRules {

    private static final Duration WAIT_CAP = Duration.ofSeconds(1);

    private static MasterServer server;
    private static MemoryLockService proxy;
    private static PrimitiveLockService primitives;

    @BeforeAll
    static void startMaster() {
        server = Masters.start(options -> options.withWaitCap(WAIT_CAP));
        proxy = HessianClients.proxy(server.serviceUri());
        primitives = HessianClients.primitives(server.serviceUri());
    }

    @AfterAll
    static void stopMaster() {
        server.close();
    }

    @Override
    public MemoryLockService master() {
        return proxy;
    }

    @Override
    public PrimitiveLockService primitives() {
        return primitives;
    }

    @Override
    public int waitingCalls(String key) {
        return TableProbe.lock(server, lockType(), key).map(LockInfo::waiters).orElse(0);
    }

    @Override
    public Duration waitCap() {
        return WAIT_CAP;
    }

    @Test
    void aRefusalComesBackWithoutACauseOrServerFrames() {
        assertCleanFault(assertThrows(IllegalArgumentException.class,
                () -> proxy.tryLock(lockType(), "", "alice", 0, 0)));
    }

    @Test
    void aRefusedAcquisitionComesBackWithoutACauseOrServerFrames() {
        String session = openSession();
        primitives.tryReadLockInSession(lockType(), "k", "alice", session, 0);

        assertCleanFault(assertThrows(AcquisitionRefusedException.class,
                () -> primitives.tryWriteLockInSession(lockType(), "k", "alice", session, 0)));
    }

    private static void assertCleanFault(RuntimeException fault) {
        assertNull(fault.getCause());
        boolean serverFrame = Arrays.stream(fault.getStackTrace())
                .anyMatch(frame -> frame.getClassName().startsWith("io.lockfacade.server"));
        assertFalse(serverFrame, () -> "server frames leaked: " + Arrays.toString(fault.getStackTrace()));
    }
}
