package io.lockfacade.client.transport;

import com.caucho.hessian.client.HessianConnectionException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;
import org.junit.jupiter.api.Test;

import java.lang.reflect.UndeclaredThrowableException;
import java.net.ConnectException;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RemoteMemoryLockServiceTest {

    private static final String MASTER = "http://master:8080/remoting/MemoryLockService";

    @Test
    void connectionFailureBecomesServiceUnavailableNamingMasterAndOperation() {
        RemoteMemoryLockService remote = failingWith(
                () -> new UndeclaredThrowableException(new ConnectException("Connection refused")));

        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> remote.tryLock("orders", "42", "owner", 0, 0));

        assertTrue(failure.getMessage().contains(MASTER), failure.getMessage());
        assertTrue(failure.getMessage().contains("tryLock(orders/42)"), failure.getMessage());
        assertTrue(failure.getMessage().contains("ConnectException: Connection refused"), failure.getMessage());
    }

    @Test
    void hessianConnectionFailureBecomesServiceUnavailable() {
        RemoteMemoryLockService remote = failingWith(
                () -> new HessianConnectionException("500: java.net.SocketTimeoutException: Read timed out"));

        assertThrows(LockServiceUnavailableException.class, () -> remote.unlock("orders", "42", "owner"));
    }

    @Test
    void illegalArgumentFromTheMasterPassesUnchanged() {
        IllegalArgumentException refusal = new IllegalArgumentException("leaseMillis must be ...");
        RemoteMemoryLockService remote = failingWith(() -> refusal);

        assertSame(refusal, assertThrows(IllegalArgumentException.class,
                () -> remote.renew("orders", "42", "owner", 1)));
    }

    @Test
    void programmingErrorsPassUnchanged() {
        NullPointerException bug = new NullPointerException("bug");
        RemoteMemoryLockService remote = failingWith(() -> bug);

        assertSame(bug, assertThrows(NullPointerException.class, () -> remote.isLockTypeEmpty("orders")));
    }

    @Test
    void wrappingTwiceKeepsOneWrapper() {
        RemoteMemoryLockService remote = failingWith(IllegalStateException::new);

        assertSame(remote, RemoteMemoryLockService.of(remote));
    }

    private static RemoteMemoryLockService failingWith(Supplier<RuntimeException> failure) {
        MemoryLockService broken = new MemoryLockService() {
            @Override
            public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
                throw failure.get();
            }

            @Override
            public boolean unlock(String lockType, String key, String owner) {
                throw failure.get();
            }

            @Override
            public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
                throw failure.get();
            }

            @Override
            public boolean hasWaiters(String lockType, String key) {
                throw failure.get();
            }

            @Override
            public boolean renew(String lockType, String key, String owner, long leaseMillis) {
                throw failure.get();
            }

            @Override
            public boolean isLockTypeEmpty(String lockType) {
                throw failure.get();
            }

            @Override
            public long openSession(String sessionId, long ttlMillis) {
                throw failure.get();
            }

            @Override
            public long keepAliveSession(String sessionId) {
                throw failure.get();
            }

            @Override
            public boolean closeSession(String sessionId) {
                throw failure.get();
            }

            @Override
            public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                              long waitMillis) {
                throw failure.get();
            }
        };
        return new RemoteMemoryLockService(broken, MASTER);
    }
}
