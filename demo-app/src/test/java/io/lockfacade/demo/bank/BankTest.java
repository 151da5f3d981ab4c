package io.lockfacade.demo.bank;

import io.lockfacade.client.LockFacade;
import io.lockfacade.demo.locks.LockMode;
import io.lockfacade.demo.node.NodeConfiguration;
import io.lockfacade.demo.node.NodeSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.aop.support.AopUtils;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.MapPropertySource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bank service inside one Spring context with a {@code MemoryLock}: within one JVM that lock suffices. */
class BankTest {

    private static final int ACCOUNTS = 3;
    private static final long OPENING = 1_000;
    private static final int THREADS = 4;
    private static final int OPERATIONS_PER_THREAD = 100;
    private static final long PATIENCE_SECONDS = 30;

    @TempDir
    Path store;

    private AnnotationConfigApplicationContext context;
    private Bank bank;
    private AccountStore accounts;

    @BeforeEach
    void start() {
        AccountStore.initialize(store, ACCOUNTS, OPENING);
        context = new AnnotationConfigApplicationContext();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", Map.of(
                NodeSettings.NAME, "node-test", LockMode.PROPERTY, "memory", NodeSettings.STORE, store.toString(),
                NodeSettings.ACCOUNTS, Integer.toString(ACCOUNTS), NodeSettings.THREADS, "1",
                NodeSettings.OPERATIONS, "1", NodeSettings.SECONDS, "0")));
        context.register(NodeConfiguration.class, LockMode.MEMORY.configuration());
        context.refresh();
        bank = context.getBean(Bank.class);
        accounts = context.getBean(AccountStore.class);
    }

    @AfterEach
    void stop() {
        context.close();
    }

    @Test
    void theBankIsProxiedForItsAnnotatedDeposit() {
        assertTrue(AopUtils.isAopProxy(bank));
    }

    @Test
    void aDepositWritesUnderTheLocksFencingToken() {
        bank.deposit("acct-00", 5);

        AccountRecord record = accounts.read("acct-00");
        assertEquals(OPENING + 5, record.balance());
        assertTrue(record.fencingToken() > 0);
        assertTrue(context.getBean(LockFacade.class).isLockTypeEmpty(Bank.ACCOUNT_LOCK), "released");
    }

    @Test
    void aTransferMovesMoneyAndIsDeclinedWithoutFunds() throws Exception {
        assertTrue(bank.transfer("acct-00", "acct-01", OPENING));
        assertFalse(bank.transfer("acct-00", "acct-02", 1));

        assertEquals(0, accounts.read("acct-00").balance());
        assertEquals(2 * OPENING, accounts.read("acct-01").balance());
        assertEquals(2, accounts.writes());
    }

    @Test
    void concurrentOperationsInOneJvmLoseNothing() throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int shift = t;
            done.add(workers.submit(() -> {
                for (int i = 0; i < OPERATIONS_PER_THREAD; i++) {
                    bank.deposit("acct-0" + (i % ACCOUNTS), 1);
                    bank.transfer("acct-0" + ((i + shift) % ACCOUNTS), "acct-0" + ((i + shift + 1) % ACCOUNTS), 1);
                }
                return null;
            }));
        }
        for (Future<?> future : done) {
            future.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        }
        workers.shutdown();

        List<AccountRecord> records = accounts.readAll();
        assertEquals(accounts.writes(), records.stream().mapToLong(AccountRecord::writes).sum(), "no lost update");
        assertEquals(ACCOUNTS * OPENING + THREADS * OPERATIONS_PER_THREAD,
                records.stream().mapToLong(AccountRecord::balance).sum());
        assertEquals(0, accounts.fencingViolations());
    }
}
