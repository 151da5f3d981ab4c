package io.lockfacade.spring.boot.autoconfigure.examples;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Where {@link OrderShipping} ships: notes, per order, the fencing token it shipped under and whether the order's
 * lock was held on the master at that moment.
 */
public final class Warehouse {

    /**
     * @param token        the fencing token of the lock the order shipped under
     * @param heldOnMaster whether the master held the order's lock while it shipped
     */
    public record Shipment(long token, boolean heldOnMaster) {
    }

    private final Predicate<String> lockHeldOnMaster;
    private final Map<String, Shipment> shipments = new ConcurrentHashMap<>();

    /** @param lockHeldOnMaster whether the master holds the lock of an order, by order id */
    public Warehouse(Predicate<String> lockHeldOnMaster) {
        this.lockHeldOnMaster = lockHeldOnMaster;
    }

    /** Ships {@code orderId} under the lock with {@code fencingToken}. */
    public void ship(String orderId, long fencingToken) {
        shipments.put(orderId, new Shipment(fencingToken, lockHeldOnMaster.test(orderId)));
    }

    /** @return how {@code orderId} was shipped, if it was */
    public Optional<Shipment> shipment(String orderId) {
        return Optional.ofNullable(shipments.get(orderId));
    }
}
