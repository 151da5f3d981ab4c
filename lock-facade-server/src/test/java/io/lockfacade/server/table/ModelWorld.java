package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the models of {@link PrimitivesModel} share: the time, the open sessions with their deadlines, the token
 * counter, and the parked calls answered by the current step.
 */
final class ModelWorld {

    /** A grant: its owner, token, session and permits. */
    record Grant(String owner, long token, String session, int permits) {
        @Override
        public String toString() {
            return owner + ":" + token + (permits == 1 ? "" : "x" + permits);
        }
    }

    /** A parked call: its id, owner, session, and what it asks (a mode, or permits). */
    record Call(long id, String owner, String session, AccessMode mode, int permits) {
    }

    final long ttlMillis;
    long nowMillis;
    private long lastToken;
    final Map<String, Long> sessionEnds = new TreeMap<>();
    private List<String> handovers = new ArrayList<>();

    ModelWorld(long ttlMillis, long nowMillis) {
        this.ttlMillis = ttlMillis;
        this.nowMillis = nowMillis;
    }

    /** @return whether the session is open and its deadline has not come */
    boolean live(String session) {
        Long end = sessionEnds.get(session);
        return end != null && nowMillis < end;
    }

    long nextToken() {
        return ++lastToken;
    }

    /** Records the answer to a parked call: the token it got, or none. */
    void answered(Call call, Grant grant) {
        handovers.add(call.id() + "->" + (grant == null ? "none" : String.valueOf(grant.token())));
    }

    /** @return the step's answer with the parked calls it answered, which are then forgotten */
    String answer(String result) {
        String text = result + handovers;
        handovers = new ArrayList<>();
        return text;
    }

    /** @return the owner's call, taken out of the line, or {@code null} */
    static Call removeOwner(List<Call> line, String owner) {
        for (Iterator<Call> it = line.iterator(); it.hasNext(); ) {
            Call call = it.next();
            if (call.owner().equals(owner)) {
                it.remove();
                return call;
            }
        }
        return null;
    }
}
