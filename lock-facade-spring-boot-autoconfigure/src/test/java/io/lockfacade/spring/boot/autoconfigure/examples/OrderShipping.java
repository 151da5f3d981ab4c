package io.lockfacade.spring.boot.autoconfigure.examples;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.spring.DistributeLocked;
import io.lockfacade.client.spring.LockContext;
import jakarta.annotation.Resource;

import java.util.Objects;

/**
 * The Spring Boot quick start of {@code docs/client.md}: the lock injected under the article's bean name, and a
 * method that runs holding an order's lock.
 */
public class OrderShipping {

    private final Warehouse warehouse;

    /** @param warehouse where orders are shipped */
    public OrderShipping(Warehouse warehouse) {
        this.warehouse = Objects.requireNonNull(warehouse, "warehouse");
    }

    // tag::boot-bean[]
    @Resource(name = "memoryLock") LockFacade locks;           // the article's name still works; or "distributeLock"

    @DistributeLocked(type = "order", key = "#orderId")        // turned on by the starter
    public void ship(String orderId) { warehouse.ship(orderId, LockContext.currentFencingToken()); }
    // end::boot-bean[]

    /** @return the lock facade injected as {@code memoryLock} */
    public LockFacade locks() {
        return locks;
    }
}
