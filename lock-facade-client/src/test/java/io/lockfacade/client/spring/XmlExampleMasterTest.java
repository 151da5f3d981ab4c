package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.env.MapPropertySource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The XML examples shipped with the client, against a real master. */
class XmlExampleMasterTest {

    private static final String TYPE = "orders";
    private static final String KEY = "42";
    private static final long WAIT_MILLIS = 1_000;

    private RealMaster master;

    @BeforeEach
    void startMaster() throws Exception {
        master = RealMaster.start();
    }

    @AfterEach
    void stopMaster() {
        master.close();
    }

    @Test
    void theXmlExampleLocksThroughTheMasterUnderTheOldBeanName() throws Exception {
        try (GenericXmlApplicationContext context = load("classpath:lock-facade-example.xml")) {
            LockFacade locks = context.getBean("memoryLock", LockFacade.class);
            assertSame(context.getBean("distributeLock"), locks);

            locks.lock(TYPE, KEY, WAIT_MILLIS);
            boolean heldOnMaster = !master.isLockTypeEmpty(TYPE);
            locks.unlock(TYPE, KEY);

            assertTrue(heldOnMaster);
            assertTrue(master.isLockTypeEmpty(TYPE));
        }
    }

    @Test
    void theXmlAnnotationExampleLocksAnnotatedMethodsThroughTheMaster() {
        try (GenericXmlApplicationContext context = load("classpath:lock-facade-annotation-example.xml")) {
            Orders orders = context.getBean(Orders.class);
            assertTrue(AopUtils.isAopProxy(orders));

            boolean heldOnMaster = orders.inside(KEY, () -> !master.isLockTypeEmpty(Orders.TYPE));
            long[] tokens = orders.shipTwice(KEY, orders);

            assertTrue(heldOnMaster);
            assertTrue(tokens[0] > 0);
            assertEquals(tokens[0], tokens[1]);
            assertTrue(master.isLockTypeEmpty(Orders.TYPE), "released on the master");
        }
    }

    private GenericXmlApplicationContext load(String resource) {
        GenericXmlApplicationContext context = new GenericXmlApplicationContext();
        context.getEnvironment().getPropertySources()
                .addFirst(new MapPropertySource("test", master.nodeProperties("node-xml")));
        context.load(resource);
        context.refresh();
        return context;
    }
}
