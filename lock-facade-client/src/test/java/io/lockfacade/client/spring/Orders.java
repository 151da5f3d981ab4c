package io.lockfacade.client.spring;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A bean with {@link DistributeLocked} methods for the integration tests. Nested calls go through the proxy
 * passed in, as they would through an injected bean.
 */
public class Orders {

    /** Lock type of every method. */
    public static final String TYPE = "order";
    /** Short wait, so that timeouts show quickly. */
    public static final long SHORT_WAIT_MILLIS = 200;
    /** Long wait, for calls that queue behind each other. */
    public static final long LONG_WAIT_MILLIS = 5_000;

    private final AtomicInteger runs = new AtomicInteger();

    /** @return the fencing token the method sees */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = SHORT_WAIT_MILLIS)
    public long ship(String orderId) {
        runs.incrementAndGet();
        return LockContext.currentFencingToken();
    }

    /** @return what {@code body} returns, run under the lock of {@code orderId} */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = LONG_WAIT_MILLIS)
    public <T> T inside(String orderId, Supplier<T> body) {
        runs.incrementAndGet();
        return body.get();
    }

    /** @return the outer token, the inner token (through {@code self}) and the outer token again, in that order */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = SHORT_WAIT_MILLIS)
    public long[] shipTwice(String orderId, Orders self) {
        long outer = LockContext.currentFencingToken();
        long inner = self.ship(orderId);
        return new long[] {outer, inner, LockContext.currentFencingToken()};
    }

    /** @return the current lock's key inside a nested call on another key, then the current key again */
    @DistributeLocked(type = TYPE, key = "#outerId", waitMillis = SHORT_WAIT_MILLIS)
    public String[] nestOtherKey(String outerId, String innerId, Orders self) {
        String inner = self.currentKey(innerId);
        return new String[] {inner, LockContext.current().orElseThrow().key()};
    }

    /** @return the key {@link LockContext} reports */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = SHORT_WAIT_MILLIS)
    public String currentKey(String orderId) {
        return LockContext.current().orElseThrow().key();
    }

    /** Always fails with {@code failure}. */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = SHORT_WAIT_MILLIS)
    public void fail(String orderId, RuntimeException failure) {
        runs.incrementAndGet();
        throw failure;
    }

    /** Waits long; declares the interrupt. */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = DistributeLocked.DEFAULT_WAIT_MILLIS)
    public void shipInterruptibly(String orderId) throws InterruptedException {
        runs.incrementAndGet();
    }

    /** Waits long; does not declare the interrupt. */
    @DistributeLocked(type = TYPE, key = "#orderId", waitMillis = DistributeLocked.DEFAULT_WAIT_MILLIS)
    public void shipPatiently(String orderId) {
        runs.incrementAndGet();
    }

    /** @return how many times a method body ran */
    public int runs() {
        return runs.get();
    }
}
