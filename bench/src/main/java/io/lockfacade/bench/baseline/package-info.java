/**
 * The article's original design, rebuilt inside the benchmark only as the reference Lock Facade is measured
 * against. Never part of the product.
 *
 * <p>What is kept faithfully: one {@code synchronized} global semaphore around every change of the table; a
 * {@code putIfAbsent} table of lock type, then key; waiting by sleeping 100 ms and retrying, both on the master
 * (a waiting {@code tryLock} holds a request thread while it polls) and on the client (a call that comes back empty
 * is retried after 100 ms); and an expiry thread that scans every lock under the global semaphore every 600 ms.
 *
 * <p>What is deliberately the same as Lock Facade, so that the comparison isolates the design: the master is a
 * Hessian service on the same embedded Jetty with the same thread pool and connector sizing, decoded by Caucho's own
 * {@code HessianSkeleton} as the article's {@code HessianServlet} did; clients reach both masters through the same
 * {@link io.lockfacade.client.transport.MemoryLockServiceProxies} transport. The article had no fencing tokens: the
 * baseline numbers its grants only because {@link io.lockfacade.api.LockGrant} needs a token.
 */
package io.lockfacade.bench.baseline;
