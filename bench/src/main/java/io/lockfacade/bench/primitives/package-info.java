/**
 * The semaphore and leadership benchmark ({@link io.lockfacade.bench.primitives.PrimitivesBenchMain}): permits
 * against the mutex from the same client JVMs, over-grants counted, and leadership hand-over timings.
 */
package io.lockfacade.bench.primitives;
