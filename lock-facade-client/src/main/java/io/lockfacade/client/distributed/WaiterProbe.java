package io.lockfacade.client.distributed;

/**
 * One background question to the master about one grant: does a call of another node wait for this lock? Asked
 * once a run of local hand-offs has reached its bound, so that this node's threads keep passing the grant among
 * themselves while the answer travels, instead of queuing behind a round trip. Answered once, by the probing
 * thread; read by whichever local thread holds the lock at its next final unlock.
 */
final class WaiterProbe {

    /** What the master said, or why it said nothing. */
    enum Answer {
        /** The question is still on its way. */
        PENDING,
        /** No call waits on the master: the node may start a new run of hand-offs. */
        NOBODY_WAITS,
        /** A call waits on the master: the next final unlock asks the master to yield. */
        OTHERS_WAIT,
        /** The master could not answer (unreachable, or older than the question): yield as if asked to. */
        UNANSWERED
    }

    private volatile Answer answer;

    /** A probe still waiting for its answer. */
    WaiterProbe() {
        this(Answer.PENDING);
    }

    /** A probe already answered, for tests of the rules that read it. */
    WaiterProbe(Answer answer) {
        this.answer = answer;
    }

    /** @return the answer as it stands now */
    Answer answer() {
        return answer;
    }

    /** Records the answer; called once, by the probing thread. */
    void answered(Answer answer) {
        this.answer = answer;
    }

    @Override
    public String toString() {
        return "WaiterProbe[" + answer + "]";
    }
}
