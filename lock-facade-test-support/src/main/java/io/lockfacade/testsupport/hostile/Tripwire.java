package io.lockfacade.testsupport.hostile;

import java.io.Serial;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A serializable class outside every allow-list, on the master's class path when the master runs in the test's JVM.
 * Building an instance, by constructor or by {@code Unsafe.allocateInstance} as Hessian does, initializes the class
 * first, which sets {@link Log#INITIALIZED}. Refer to it by {@link #NAME} only.
 */
public final class Tripwire implements Serializable {

    /** The class name, for tests and fuzzers that must not load the class themselves. */
    public static final String NAME = "io.lockfacade.testsupport.hostile.Tripwire";

    @Serial
    private static final long serialVersionUID = 1L;

    static {
        Log.INITIALIZED.set(true);
    }

    private String value;

    private Tripwire() {
    }

    /** Whether {@link Tripwire} was ever initialized; reading it does not initialize {@code Tripwire}. */
    public static final class Log {

        /** Set by {@code Tripwire}'s static initializer. */
        public static final AtomicBoolean INITIALIZED = new AtomicBoolean();

        private Log() {
        }
    }
}
