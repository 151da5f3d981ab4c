package io.lockfacade.server.transport;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Records whether {@link Tripwire} was ever initialized. Tests read this class, never {@code Tripwire} itself, so
 * that only the code under test could have touched it.
 */
public final class TripwireLog {

    /** Set by {@code Tripwire}'s static initializer, which runs before any instance of it is built. */
    public static final AtomicBoolean INITIALIZED = new AtomicBoolean();

    private TripwireLog() {
    }
}
