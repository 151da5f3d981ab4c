package io.lockfacade.webapp.testing;

import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.UnaryOperator;

/** Starts real masters in-process on a free port for tests; stop them with {@link MasterServer#close()}. */
public final class Masters {

    /** The admin password of test masters. */
    public static final String ADMIN_PASSWORD = "test-admin-password";

    private Masters() {
    }

    /** @return a master with the defaults, on a free port of 127.0.0.1 */
    public static MasterServer start() {
        return start(UnaryOperator.identity());
    }

    /**
     * @param tweak changes to the default options (the port is 0 unless the tweak sets another)
     * @return the running master
     */
    public static MasterServer start(UnaryOperator<MasterOptions> tweak) {
        try {
            return MasterServer.start(tweak.apply(MasterOptions.defaults(ADMIN_PASSWORD).withPort(0)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
