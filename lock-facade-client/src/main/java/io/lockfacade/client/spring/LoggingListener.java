package io.lockfacade.client.spring;

import io.lockfacade.client.LeadershipListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs a {@link LeaderOnly} leadership's terms at INFO, so an operator sees which node runs the jobs. */
record LoggingListener(String name) implements LeadershipListener {

    private static final Logger log = LoggerFactory.getLogger(LeaderOnly.class);

    static LoggingListener of(String name) {
        return new LoggingListener(name);
    }

    @Override
    public void elected(long epoch) {
        log.info("This process now leads {} (epoch {}): its @LeaderOnly methods run here", name, epoch);
    }

    @Override
    public void revoked() {
        log.info("This process no longer leads {}: its @LeaderOnly methods are skipped here", name);
    }
}
