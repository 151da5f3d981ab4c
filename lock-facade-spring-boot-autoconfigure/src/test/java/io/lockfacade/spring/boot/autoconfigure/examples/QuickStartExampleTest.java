package io.lockfacade.spring.boot.autoconfigure.examples;

import io.lockfacade.client.LockFacade;
import io.lockfacade.spring.boot.autoconfigure.RealMasterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Boot quick start of {@code docs/client.md} ({@code examples/quick-start.properties} and
 * {@link OrderShipping}) as an application of the starter's auto-configuration, against a real master over HTTP
 * whose URL replaces the example's {@code http://master:8080/...}.
 */
@SpringBootTest(classes = QuickStartExampleTest.App.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
@TestPropertySource(locations = "classpath:examples/quick-start.properties")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class QuickStartExampleTest {

    @RegisterExtension
    static final RealMasterExtension MASTER = new RealMasterExtension();

    @Autowired
    private OrderShipping shipping;
    @Autowired
    private Warehouse warehouse;
    @Autowired
    @Qualifier("distributeLock")
    private LockFacade distributeLock;
    @Autowired
    private Environment environment;

    /** The application: the auto-configuration and the example's beans. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        Warehouse warehouse() {
            return new Warehouse(orderId -> !MASTER.service().isLockTypeEmpty("order"));
        }

        @Bean
        OrderShipping orderShipping(Warehouse warehouse) {
            return new OrderShipping(warehouse);
        }
    }

    @DynamicPropertySource
    static void theRealMaster(DynamicPropertyRegistry properties) {
        properties.add("lockfacade.master-url", () -> MASTER.serviceUri().toString());
    }

    @Test
    void theExamplesPropertiesNameTheNode() {
        assertThat(environment.getProperty("lockfacade.node-id")).isEqualTo("orders-1");
    }

    @Test
    void theLockIsInjectedUnderTheArticlesName() {
        assertThat(shipping.locks()).isSameAs(distributeLock);
    }

    @Test
    void anOrderShipsWhileTheMasterHoldsItsLockAndUnderItsToken() {
        shipping.ship("42");

        Warehouse.Shipment shipment = warehouse.shipment("42").orElseThrow();
        assertThat(shipment.heldOnMaster()).isTrue();
        assertThat(shipment.token()).isPositive();
        assertThat(MASTER.service().isLockTypeEmpty("order")).as("released on the master").isTrue();
    }
}
