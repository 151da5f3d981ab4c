package io.lockfacade.client.semaphore;

/**
 * One granted acquisition of permits on the master: a holder name of its own (so a retried call is answered the
 * same grant, never a second one), how many permits it still holds, and the session it lives under.
 */
final class Acquisition {

    final String holder;
    final String sessionId;
    final long fencingToken;
    int permits;

    Acquisition(String holder, int permits, String sessionId, long fencingToken) {
        this.holder = holder;
        this.permits = permits;
        this.sessionId = sessionId;
        this.fencingToken = fencingToken;
    }
}
