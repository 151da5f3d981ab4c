package io.lockfacade.client.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method only on the current leader of a leadership, typically a {@code @Scheduled} job that
 * must run on one node: elsewhere the call returns at once without running it (counted by
 * {@link LeaderOnlyLeaderships#skippedRuns}). The process joins the leadership when the context starts and leaves
 * it when it stops. The method must return {@code void}; start-up fails otherwise.
 *
 * <p>Turn it on with {@link EnableLeaderOnly} (Spring Boot does so by itself). The leader runs the method with its
 * epoch readable from {@link LeaderOnlyLeaderships#epoch}, a fencing token to pass to what the job writes.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface LeaderOnly {

    /**
     * The leadership's name (checked like a lock type).
     *
     * @return the name
     */
    String value();
}
