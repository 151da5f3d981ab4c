package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.client.spring.DistributeLocked;

import java.util.function.BooleanSupplier;

/** A bean of the test application with a {@link DistributeLocked} method. */
public class Shipping {

    /** The lock type of {@link #ship}. */
    public static final String TYPE = "boot-shipping";

    /**
     * @param orderId the order, the lock's key
     * @param inside  what to find out while the lock is held
     * @return what {@code inside} answered
     */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = 5_000)
    public boolean ship(String orderId, BooleanSupplier inside) {
        return inside.getAsBoolean();
    }
}
