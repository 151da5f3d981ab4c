package io.lockfacade.client.spring;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.memory.MemoryLock;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@link EnableDistributeLocked} and {@link EnableLockFacade} check and configure when a context starts. */
class DistributeLockedStartupTest {

    private static final String UNREACHABLE_MASTER = "http://127.0.0.1:9/remoting/MemoryLockService";

    /** A bean whose key expression names a parameter that does not exist. */
    static class MisspelledOrders {
        @DistributeLocked(type = "order", key = "#orderID")
        public void ship(String orderId) {
        }
    }

    /** An interface-based bean. */
    interface Shipping {
        @DistributeLocked(type = "order", key = "#orderId")
        void ship(String orderId);
    }

    /** Implements {@link Shipping}. */
    static class ShippingImpl implements Shipping {
        @Override
        public void ship(String orderId) {
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked
    static class MisspelledApplication {
        @Bean
        MemoryLock memoryLock() {
            return new MemoryLock();
        }

        @Bean
        MisspelledOrders orders() {
            return new MisspelledOrders();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked
    static class NoFacadeApplication {
        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    /** Two facades and a locked bean; imported by the applications below. */
    @Configuration(proxyBeanMethods = false)
    static class TwoFacades {
        @Bean
        MemoryLock memoryLock() {
            return new MemoryLock();
        }

        @Bean
        LosingLockFacade losingLock() {
            return new LosingLockFacade();
        }

        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked
    @Import(TwoFacades.class)
    static class TwoFacadesApplication {
    }

    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked(lockFacade = "losingLock")
    @Import(TwoFacades.class)
    static class NamedFacadeApplication {
    }

    /** A facade and an interface-based bean; imported by the applications below. */
    @Configuration(proxyBeanMethods = false)
    static class InterfaceBean {
        @Bean
        MemoryLock memoryLock() {
            return new MemoryLock();
        }

        @Bean
        Shipping shipping() {
            return new ShippingImpl();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked
    @Import(InterfaceBean.class)
    static class InterfaceProxyApplication {
    }

    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked(proxyTargetClass = true)
    @Import(InterfaceBean.class)
    static class ClassProxyApplication {
    }

    @Configuration(proxyBeanMethods = false)
    @EnableLockFacade(order = 7)
    static class ClusterApplication {
    }

    @Test
    void aKeyExpressionNamingNoParameterFailsStartUp() {
        Exception failure = assertThrows(Exception.class, () -> start(MisspelledApplication.class));

        String message = rootMessage(failure);
        assertTrue(message.contains("MisspelledOrders.ship(String)") && message.contains("#orderID"), message);
    }

    @Test
    void aMissingLockFacadeFailsStartUp() {
        Exception failure = assertThrows(Exception.class, () -> start(NoFacadeApplication.class));

        assertTrue(failure.getMessage().contains("@DistributeLocked needs a LockFacade bean"), failure.getMessage());
    }

    @Test
    void twoLockFacadesWithoutANameFailStartUp() {
        Exception failure = assertThrows(Exception.class, () -> start(TwoFacadesApplication.class));

        assertTrue(failure.getMessage().contains("@EnableDistributeLocked(lockFacade = ...)"), failure.getMessage());
    }

    @Test
    void theNamedLockFacadeIsTheOneUsed() {
        try (AnnotationConfigApplicationContext context = start(NamedFacadeApplication.class)) {
            Orders orders = context.getBean(Orders.class);

            assertThrows(LockLostException.class, () -> orders.ship("A-1"), "the losing facade was used");
        }
    }

    @Test
    void beansWithInterfacesGetInterfaceProxiesByDefault() {
        try (AnnotationConfigApplicationContext context = start(InterfaceProxyApplication.class)) {
            assertTrue(AopUtils.isJdkDynamicProxy(context.getBean(Shipping.class)));
        }
    }

    @Test
    void proxyTargetClassAsksForClassProxies() {
        try (AnnotationConfigApplicationContext context = start(ClassProxyApplication.class)) {
            assertTrue(AopUtils.isCglibProxy(context.getBean(Shipping.class)));
        }
    }

    @Test
    void enableLockFacadeDefinesTheClientAndPassesItsAttributesOn() {
        System.setProperty(LockFacadeProperties.MASTER_URL, UNREACHABLE_MASTER);
        try (AnnotationConfigApplicationContext context = start(ClusterApplication.class)) {
            DistributeLockedAdvisor advisor = context.getBean(DistributeLockedAdvisor.class);

            assertEquals(7, advisor.getOrder());
            assertTrue(context.getBean(LockFacade.class) == context.getBean("distributeLock"));
        } finally {
            System.clearProperty(LockFacadeProperties.MASTER_URL);
        }
    }

    private static AnnotationConfigApplicationContext start(Class<?> application) {
        return new AnnotationConfigApplicationContext(application);
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage();
    }
}
