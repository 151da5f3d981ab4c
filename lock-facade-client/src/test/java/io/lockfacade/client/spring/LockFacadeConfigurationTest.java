package io.lockfacade.client.spring;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.client.testing.FaultInjectingMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java configuration and the XML example, wired to a master served over HTTP. */
class LockFacadeConfigurationTest {

    private static final String TYPE = "orders";
    private static final String KEY = "42";

    private final FaultInjectingMaster master = new FaultInjectingMaster();
    private final Map<String, Object> properties = new HashMap<>();
    private HessianTestServer server;

    @BeforeEach
    void startMaster() throws IOException {
        server = HessianTestServer.start(master);
        properties.put(LockFacadeProperties.MASTER_URL, server.serviceUrl().toString());
    }

    @AfterEach
    void stopMaster() {
        server.close();
        master.close();
    }

    @Test
    void javaConfigurationDefinesBothBeansFromTheEnvironment() throws Exception {
        properties.put(LockFacadeProperties.NODE_ID, "node-spring");
        properties.put(LockFacadeProperties.LEASE, "2s");
        properties.put(LockFacadeProperties.READ_TIMEOUT, "12000");
        properties.put(LockFacadeProperties.FAIR_LOCAL_LOCK, " FALSE ");
        properties.put(LockFacadeProperties.DEADLOCK_DETECTION, "false");
        properties.put(LockFacadeProperties.DEADLOCK_CHECK_DELAY, "250ms");
        try (AnnotationConfigApplicationContext context = javaContext()) {
            DistributeLock locks = context.getBean("distributeLock", DistributeLock.class);

            assertEquals("node-spring", locks.settings().nodeId());
            assertEquals(Duration.ofSeconds(2), locks.settings().lease());
            assertFalse(locks.settings().fairLocalLock());
            assertEquals(new DeadlockDetection(false, Duration.ofMillis(250)), locks.settings().deadlockDetection());
            assertTrue(context.getBean("memoryLockService") instanceof MemoryLockService);
            lockAndUnlockThroughTheMaster(locks);
        }
    }

    @Test
    void aMissingMasterUrlFailsStartUpNamingTheProperty() {
        properties.remove(LockFacadeProperties.MASTER_URL);

        BeanCreationException failure = assertThrows(BeanCreationException.class, this::javaContext);

        assertTrue(rootMessage(failure).contains(LockFacadeProperties.MASTER_URL), rootMessage(failure));
    }

    @Test
    void aFairnessThatIsNeitherTrueNorFalseFailsStartUpNamingTheProperty() {
        properties.put(LockFacadeProperties.FAIR_LOCAL_LOCK, "yes");

        BeanCreationException failure = assertThrows(BeanCreationException.class, this::javaContext);

        assertTrue(rootMessage(failure).contains(LockFacadeProperties.FAIR_LOCAL_LOCK + " must be true or false"),
                rootMessage(failure));
    }

    @Test
    void aReadTimeoutNotAboveTheRemoteWaitCapFailsStartUp() {
        properties.put(LockFacadeProperties.READ_TIMEOUT, "10s");

        BeanCreationException failure = assertThrows(BeanCreationException.class, this::javaContext);

        assertTrue(rootMessage(failure).contains(LockFacadeProperties.READ_TIMEOUT), rootMessage(failure));
    }

    @Test
    void xmlExampleReplacesTheMemoryLockBean() throws Exception {
        try (GenericXmlApplicationContext context = new GenericXmlApplicationContext()) {
            addProperties(context.getEnvironment());
            context.load("classpath:lock-facade-example.xml");
            context.refresh();

            LockFacade locks = context.getBean("memoryLock", LockFacade.class);

            assertSame(context.getBean("distributeLock"), locks);
            lockAndUnlockThroughTheMaster(locks);
        }
    }

    private AnnotationConfigApplicationContext javaContext() {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        addProperties(context.getEnvironment());
        context.register(LockFacadeConfiguration.class);
        try {
            context.refresh();
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
        return context;
    }

    private void addProperties(ConfigurableEnvironment environment) {
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    }

    private void lockAndUnlockThroughTheMaster(LockFacade locks) throws Exception {
        locks.lock(TYPE, KEY, 1_000);
        assertTrue(master.holder(TYPE, KEY).isPresent());
        assertTrue(!locks.isLockTypeEmpty(TYPE));
        locks.unlock(TYPE, KEY);
        assertTrue(master.holder(TYPE, KEY).isEmpty());
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage();
    }
}
