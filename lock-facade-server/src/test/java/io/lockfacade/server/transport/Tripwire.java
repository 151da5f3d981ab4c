package io.lockfacade.server.transport;

import java.io.Serial;
import java.io.Serializable;

/**
 * A serializable class outside every allow-list. Building an instance, by constructor or by
 * {@code Unsafe.allocateInstance} as Hessian does, initializes the class first, which trips {@link TripwireLog}.
 */
public final class Tripwire implements Serializable {

    /** Its name, for tests that must not load the class themselves. */
    public static final String NAME = "io.lockfacade.server.transport.Tripwire";

    @Serial
    private static final long serialVersionUID = 1L;

    static {
        TripwireLog.INITIALIZED.set(true);
    }

    private String value;

    private Tripwire() {
    }
}
