package io.lockfacade.demo.cluster;

import io.lockfacade.demo.bank.AccountRecord;
import io.lockfacade.demo.locks.LockMode;
import io.lockfacade.demo.locks.RemoteCalls;
import io.lockfacade.demo.node.NodeReport;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The outcome of a run: what the nodes say they did, against what the store holds afterwards.
 *
 * <ul>
 *   <li><b>Expected total</b>: the opening balances plus every deposit the nodes made (transfers move money,
 *       they do not create it). <b>Actual total</b>: the sum of the balances in the store.</li>
 *   <li><b>Lost updates</b>: writes the nodes made minus writes the store kept. Each account file counts the
 *       read-modify-write cycles behind its content; a write based on a stale read overwrites another write's
 *       result, and the count shows it.</li>
 *   <li><b>Fencing-token violations</b>: writes that carried a smaller token than the one stored; a
 *       fencing-aware store would have refused them.</li>
 *   <li><b>Failover</b> (a run against a master group): which leader was killed, who took over and how fast;
 *       see {@link Failover}.</li>
 *   <li><b>Remote calls saved</b>: a client asking the master for every acquisition makes two calls (lock and
 *       unlock) per acquisition; the difference to the {@code tryLock} and {@code unlock} calls actually made is
 *       what re-entry and local hand-off saved.</li>
 * </ul>
 *
 * @param mode              the lock used
 * @param reports           every node's report
 * @param openingTotal      the sum of the opening balances
 * @param actualTotal       the sum of the balances afterwards
 * @param writesKept        the sum of the write counts in the store
 * @param failover          what happened when the master group's leader was killed; empty with a single master
 */
public record Verdict(LockMode mode, List<NodeReport> reports, long openingTotal, long actualTotal, long writesKept,
                      Optional<Failover> failover) {

    /** Remote calls per acquisition of a client without local arbitration: lock and unlock. */
    public static final int CALLS_PER_REMOTE_ACQUISITION = 2;

    /** Copies the reports. */
    public Verdict {
        reports = List.copyOf(reports);
        Objects.requireNonNull(failover, "failover");
    }

    /**
     * @param mode         the lock used
     * @param reports      every node's report
     * @param openingTotal the sum of the opening balances
     * @param store        every account record after the run
     * @return the verdict
     */
    public static Verdict of(LockMode mode, List<NodeReport> reports, long openingTotal, List<AccountRecord> store) {
        return new Verdict(mode, reports, openingTotal, store.stream().mapToLong(AccountRecord::balance).sum(),
                store.stream().mapToLong(AccountRecord::writes).sum(), Optional.empty());
    }

    /** @return this verdict with what happened when the master group's leader was killed */
    public Verdict withFailover(Failover outcome) {
        return new Verdict(mode, reports, openingTotal, actualTotal, writesKept, Optional.of(outcome));
    }

    /** @return operations finished on all nodes */
    public long operations() {
        return sum(NodeReport::operations);
    }

    /** @return the expected sum of balances: opening balances plus deposits */
    public long expectedTotal() {
        return openingTotal + sum(NodeReport::deposited);
    }

    /** @return writes the nodes made */
    public long writesMade() {
        return sum(NodeReport::writes);
    }

    /** @return writes overwritten without having been read */
    public long lostUpdates() {
        return writesMade() - writesKept;
    }

    /** @return writes whose fencing token was smaller than the stored one */
    public long fencingViolations() {
        return sum(NodeReport::fencingViolations);
    }

    /** @return operations that gave up waiting for a lock */
    public long timedOut() {
        return sum(NodeReport::timedOut);
    }

    /** @return operations that failed for another reason */
    public long failed() {
        return sum(NodeReport::failed);
    }

    /** @return first-level lock acquisitions on all nodes */
    public long acquisitions() {
        return sum(NodeReport::acquisitions);
    }

    /** @return the calls made to the master by all nodes */
    public RemoteCalls remoteCalls() {
        return reports.stream().map(NodeReport::remoteCalls).reduce(RemoteCalls.NONE, RemoteCalls::plus);
    }

    /** @return the lock and unlock calls a client without local arbitration would have made */
    public long remoteCallsWithoutArbitration() {
        return CALLS_PER_REMOTE_ACQUISITION * acquisitions();
    }

    /** @return lock and unlock calls saved by local arbitration (never negative) */
    public long remoteCallsSaved() {
        return Math.max(0, remoteCallsWithoutArbitration() - remoteCalls().lockAndUnlock());
    }

    /** @return whether the store is exactly as the operations say it should be */
    public boolean consistent() {
        return lostUpdates() == 0 && fencingViolations() == 0 && expectedTotal() == actualTotal && failed() == 0;
    }

    /** @return whether the store is consistent and, if a leader was killed, a new one took over and granted */
    public boolean correct() {
        return consistent() && failover.map(Failover::completed).orElse(true);
    }

    private long sum(ToLongFunction<NodeReport> field) {
        return reports.stream().mapToLong(field).sum();
    }
}
