package io.lockfacade.server.transport;

/**
 * Sees every call the Hessian endpoint decodes and how it ended, for metrics. The endpoint calls it on request and
 * timer threads; implementations must be thread-safe, quick (no I/O, no blocking) and must not throw.
 */
@FunctionalInterface
public interface CallObserver {

    /** Observes nothing. */
    CallObserver NONE = call -> Trace.NONE;

    /**
     * Called once a call is decoded, before the service sees it.
     *
     * @param call the decoded call; its arguments are not checked yet
     * @return what follows this one call
     */
    Trace started(HessianCall call);

    /** One call, from dispatch to its outcome. */
    interface Trace {

        /** Follows nothing. */
        Trace NONE = new Trace() {
            @Override
            public void parked() {
            }

            @Override
            public void finished(Object result, Throwable failure) {
            }
        };

        /** The call waits for a lock: a {@code tryLock} parked without a thread. Called at most once. */
        void parked();

        /**
         * Called exactly once, when the service has answered: for the {@code tryLock} methods when the lock was
         * granted or the wait ended, so after any wait. An immediate answer is reported before its reply is
         * written; a parked call's on the thread that completed it, while its reply may already be on its way.
         *
         * @param result  what the service returned: a {@link io.lockfacade.server.table.Handout} for the
         *                {@code tryLock} methods ({@code null}: not granted), a {@code Boolean} or {@code Long} for
         *                the others; {@code null} on failure
         * @param failure why the call failed (a bad argument, an ended session, a cancelled wait, an internal
         *                error), or {@code null}
         */
        void finished(Object result, Throwable failure);
    }
}
