package io.lockfacade.client.examples;

import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.MapPropertySource;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examples of the docs ({@link AppConfig}, {@link Accounts}, {@link FencedLedger}) in a Spring context against a
 * real master over HTTP: they compile, and they do what the pages say.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AccountsExampleTest {

    private static final String ADMIN_PASSWORD = "docs-examples-test";
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int THREADS = 4;
    private static final int DEPOSITS_PER_THREAD = 25;
    private static final int TRANSFERS_PER_THREAD = 20;

    private static MasterServer master;

    private AnnotationConfigApplicationContext context;
    private Accounts accounts;
    private FencedLedger ledger;
    private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

    @BeforeAll
    static void startMaster() throws IOException {
        master = MasterServer.start(MasterOptions.defaults(ADMIN_PASSWORD).withPort(0));
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @BeforeEach
    void startNode() {
        context = new AnnotationConfigApplicationContext();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("the test's master",
                Map.of("lockfacade.master-url", master.serviceUri().toString())));
        context.register(AppConfig.class);
        context.registerBean(FencedLedger.class);
        context.registerBean(Accounts.class);
        context.refresh();
        accounts = context.getBean(Accounts.class);
        ledger = context.getBean(FencedLedger.class);
    }

    @AfterEach
    void stopNode() {
        threads.shutdownNow();
        context.close();
    }

    @Test
    void theConfigurationReadsItsPropertiesFile() {
        assertEquals("orders-1", context.getEnvironment().getProperty("lockfacade.node-id"));
    }

    @Test
    void aDepositWritesWithTheTokenOfTheLockTheAnnotationTook() {
        accounts.deposit("alice", 5);

        assertEquals(5, ledger.balance("alice"));
        assertTrue(ledger.fence("alice") > 0, "token " + ledger.fence("alice"));
        assertTrue(master.service().isLockTypeEmpty("account"), "released on the master");
    }

    @Test
    void concurrentDepositsLoseNoUpdate() throws Exception {
        runOnEveryThread(thread -> () -> {
            for (int i = 0; i < DEPOSITS_PER_THREAD; i++) {
                accounts.deposit("bob", 1);
            }
            return null;
        });

        assertEquals(THREADS * DEPOSITS_PER_THREAD, ledger.balance("bob"));
    }

    @Test
    void opposingTransfersNeitherDeadlockNorCreateMoney() throws Exception {
        accounts.setBalance("carol", 1_000);
        accounts.setBalance("dave", 1_000);

        runOnEveryThread(thread -> () -> {
            boolean carolFirst = thread % 2 == 0;
            for (int i = 0; i < TRANSFERS_PER_THREAD; i++) {
                accounts.transfer(carolFirst ? "carol" : "dave", carolFirst ? "dave" : "carol", 3, WAIT);
            }
            return null;
        });

        assertEquals(2_000, ledger.balance("carol") + ledger.balance("dave"));
        assertTrue(master.service().isLockTypeEmpty("account"), "both locks released on the master");
    }

    @Test
    void eachNewGrantWritesWithALargerToken() throws Exception {
        accounts.setBalance("erin", 7);
        long first = ledger.fence("erin");
        accounts.setBalance("erin", 8);

        assertEquals(8, ledger.balance("erin"));
        assertTrue(ledger.fence("erin") > first, ledger.fence("erin") + " after " + first);
    }

    @Test
    void theLedgerRefusesAStaleTokenAndKeepsItsBalance() {
        ledger.write("frank", 1, 10);

        assertThrows(IllegalStateException.class, () -> ledger.write("frank", 2, 9));
        assertEquals(1, ledger.balance("frank"));
        assertEquals(10, ledger.fence("frank"));
    }

    private void runOnEveryThread(IntFunction<Callable<Void>> work) throws Exception {
        List<Future<Void>> running = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            running.add(threads.submit(work.apply(i)));
        }
        for (Future<Void> each : running) {
            each.get(WAIT.toSeconds() * 4, TimeUnit.SECONDS);
        }
    }
}
