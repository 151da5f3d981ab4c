package io.lockfacade.client.spring;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A bean whose methods read or write one read-write lock, for the mode tests of {@link DistributeLocked}. */
public class Catalog {

    private final CountDownLatch inside = new CountDownLatch(2);
    private volatile CountDownLatch release = new CountDownLatch(0);
    private volatile long price = 100;

    // tag::read-write-methods[]
    @DistributeLocked(type = "catalog", key = "'prices'", mode = LockMode.READ)
    public long price() {
        return price; // many callers at once, on every node; never while reprice runs
    }

    @DistributeLocked(type = "catalog", key = "'prices'", mode = LockMode.WRITE)
    public long reprice(long newPrice) {
        price = newPrice; // alone: no reader, no other writer, on any node
        return LockContext.currentFencingToken();
    }
    // end::read-write-methods[]

    /** Reads and stays inside until {@link #letReadersGo()}; counts down {@link #bothInside} on entry. */
    @DistributeLocked(type = "catalog", key = "'prices'", mode = LockMode.READ)
    public long readAndWait() throws InterruptedException {
        inside.countDown();
        release.await(10, TimeUnit.SECONDS);
        return price;
    }

    /** Holds the read lock and asks for the write lock: refused at once. */
    @DistributeLocked(type = "catalog", key = "'prices'", mode = LockMode.READ)
    public long readThenWrite(Catalog self) {
        return self.reprice(price + 1);
    }

    /** Holds the write lock and reads through the proxy: a downgrade while it runs. */
    @DistributeLocked(type = "catalog", key = "'prices'", mode = LockMode.WRITE)
    public long writeThenRead(Catalog self) {
        price = price + 1;
        return self.price();
    }

    /** @return whether two readers were inside at once within the wait */
    public boolean bothInside(long seconds) throws InterruptedException {
        return inside.await(seconds, TimeUnit.SECONDS);
    }

    /** Makes readers entering {@link #readAndWait()} from now on wait. */
    public void holdReaders() {
        release = new CountDownLatch(1);
    }

    /** Lets waiting readers leave. */
    public void letReadersGo() {
        release.countDown();
    }
}
