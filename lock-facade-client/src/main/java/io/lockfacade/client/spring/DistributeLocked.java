package io.lockfacade.client.spring;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method while holding one named lock of the application's
 * {@link io.lockfacade.client.LockFacade}, enabled by {@link EnableLockFacade} or {@link EnableDistributeLocked}.
 *
 * <pre>{@code
 * @DistributeLocked(type = "order", key = "#orderId", waitMillis = 3000)
 * public void ship(String orderId) {
 *     warehouse.ship(orderId, LockContext.currentFencingToken());
 * }
 *
 * @DistributeLocked(type = "catalog", key = "'prices'", mode = LockMode.READ)
 * public Prices prices() { ... }          // many readers at once, never while a WRITE method runs
 * }</pre>
 *
 * <p><b>Key.</b> {@link #key()} is a Spring Expression Language expression over the arguments: a parameter by
 * name ({@code #orderId}, needs {@code -parameters}, which Spring 7 builds use anyway), by position
 * ({@code #p0} or {@code #a0}), anything built from them ({@code #order.customer().id()},
 * {@code #from + '->' + #to}), a constant ({@code 'nightly-report'}), or {@code #root.methodName},
 * {@code #root.args}, {@code #root.target}. The value is turned into a string. Expressions are parsed once per
 * method, when the bean is proxied: a syntax error or a variable naming no parameter fails the application
 * context's start-up with an {@link IllegalArgumentException} naming the method and the expression. A key that
 * evaluates to {@code null} or an empty string fails the call with an {@link IllegalArgumentException} naming
 * the method; the method does not run.
 *
 * <p><b>What a call does.</b> It computes the key, acquires the lock (waiting up to {@link #waitMillis()}), runs
 * the method, and releases the lock when the method returns or throws. While the method runs,
 * {@link LockContext#currentFencingToken()} gives the grant's fencing token, to pass to the resource the lock
 * protects. The lock is reentrant: a nested call on the same type and key, directly or through other beans,
 * runs at once under the same grant (same token).
 *
 * <p><b>Failures.</b>
 * <ul>
 *   <li>Not acquired within {@link #waitMillis()}: {@link LockAcquisitionTimeoutException}; the method does not
 *       run.</li>
 *   <li>Interrupted while waiting: the method's own {@link InterruptedException} if it declares one, otherwise a
 *       {@link LockAcquisitionException} with the thread's interrupt flag set; the method does not run.</li>
 *   <li>Master unreachable: {@link LockServiceUnavailableException}; the method does not run.</li>
 *   <li>The lock was lost while the method ran (lease expired, force-removed): the call throws
 *       {@link LockLostException} after the method returned, since its effects may have overlapped with another
 *       holder's. If the method threw, its exception is rethrown with the release failure added as suppressed.</li>
 * </ul>
 *
 * <p><b>Limits of proxies.</b> As with every Spring AOP annotation, only calls through the bean's proxy are
 * locked: a call from another method of the same object ({@code this.ship(id)}) is not. The advice runs
 * outside {@code @Transactional} by default (see {@link EnableDistributeLocked#order()}), so a transaction
 * commits before the lock is released.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface DistributeLocked {

    /** Wait used when {@link #waitMillis()} is not given: ten seconds. */
    long DEFAULT_WAIT_MILLIS = 10_000;

    /**
     * The lock type, taken literally: 1 to 256 characters without control characters (checked at start-up).
     *
     * @return the lock type
     */
    String type();

    /**
     * The key within the type: a SpEL expression evaluated against the call's arguments (see the class
     * description). Its value, turned into a string, must be 1 to 256 characters without control characters.
     *
     * @return the key expression
     */
    String key();

    /**
     * How long a call waits for the lock, in milliseconds; {@code 0} tries once without waiting. Must not be
     * negative (checked at start-up).
     *
     * @return the wait in milliseconds
     */
    long waitMillis() default DEFAULT_WAIT_MILLIS;

    /**
     * Which lock the method holds: the mutex (the default), or the read or write side of the type and key's
     * read-write lock, a namespace of its own. A method holding the read lock that calls a {@code WRITE} method of
     * the same type and key fails at once with {@link io.lockfacade.api.AcquisitionRefusedException} (it would
     * wait for itself); a {@code WRITE} method may call a {@code READ} one (a downgrade while it runs).
     *
     * @return the mode
     */
    LockMode mode() default LockMode.MUTEX;
}
