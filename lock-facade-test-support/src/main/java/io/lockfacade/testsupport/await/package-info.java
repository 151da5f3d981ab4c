/** Bounded waits for conditions no latch can signal: every wait has a limit and fails the test when it runs out. */
package io.lockfacade.testsupport.await;
