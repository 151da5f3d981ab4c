/**
 * The scenarios, S1 to S6, each measuring Lock Facade and its reference (the transport floor, the empty table or
 * the article's design) in the same run, with warm-up, bounded windows and invariant checks.
 */
package io.lockfacade.bench.scenario;
