package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small, obviously correct model of the read-write lock, semaphore and leadership rules, for the model-based test:
 * plain maps and lists, one step at a time, no sessions index, no idle bookkeeping beyond the rules themselves.
 * Each operation answers as {@link PrimitivesModelTest#summary} writes a {@link PrimitiveOutcome}.
 */
final class PrimitivesModel {

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

    static final class Rw {
        Grant writer;
        final LinkedHashMap<String, Grant> readers = new LinkedHashMap<>();
        final List<Call> line = new ArrayList<>();
    }

    static final class Sem {
        int capacity;
        boolean pinned;
        final LinkedHashMap<String, Grant> holders = new LinkedHashMap<>();
        final List<Call> line = new ArrayList<>();

        int held() {
            return holders.values().stream().mapToInt(Grant::permits).sum();
        }
    }

    static final class Lead {
        final LinkedHashMap<String, String> participants = new LinkedHashMap<>();
        final LinkedHashMap<String, Call> parked = new LinkedHashMap<>();
        Grant leader;
    }

    private final long ttlMillis;
    private long nowMillis;
    private long lastToken;
    private final Map<String, Long> sessionEnds = new TreeMap<>();
    final TreeMap<String, Rw> rws = new TreeMap<>();
    final TreeMap<String, Sem> sems = new TreeMap<>();
    final TreeMap<String, Lead> leads = new TreeMap<>();
    private List<String> handovers = new ArrayList<>();

    PrimitivesModel(long ttlMillis, long nowMillis) {
        this.ttlMillis = ttlMillis;
        this.nowMillis = nowMillis;
    }

    // ---- time and sessions ----

    void advance(long millis) {
        nowMillis += millis;
    }

    private boolean live(String session) {
        Long end = sessionEnds.get(session);
        return end != null && nowMillis < end;
    }

    String open(String session) {
        sessionEnds.put(session, nowMillis + ttlMillis);
        return answer("Alive");
    }

    String keepAlive(String session) {
        if (!sessionEnds.containsKey(session)) {
            return answer("NotOpen");
        }
        if (!live(session)) {
            endSession(session);
            return answer("Ended");
        }
        sessionEnds.put(session, Math.max(sessionEnds.get(session), nowMillis + ttlMillis));
        return answer("Alive");
    }

    String expire(String session) {
        if (!sessionEnds.containsKey(session)) {
            return answer("NotOpen");
        }
        if (live(session)) {
            return answer("StillOpen");
        }
        endSession(session);
        return answer("Ended");
    }

    String end(String session) {
        if (!sessionEnds.containsKey(session)) {
            return answer("NotOpen");
        }
        endSession(session);
        return answer("Ended");
    }

    /** Ends a session: its grants go, key by key (read-write locks, semaphores, leaderships; keys in order). */
    private void endSession(String session) {
        sessionEnds.remove(session);
        for (String key : new ArrayList<>(rws.keySet())) {
            Rw rw = rws.get(key);
            boolean any = rw.writer != null && rw.writer.session().equals(session);
            if (any) {
                rw.writer = null;
            }
            any |= rw.readers.values().removeIf(g -> g.session().equals(session));
            if (any) {
                serve(rw);
            }
            tidy(key);
        }
        for (String key : new ArrayList<>(sems.keySet())) {
            Sem sem = sems.get(key);
            if (sem.holders.values().removeIf(g -> g.session().equals(session))) {
                serve(sem);
            }
            tidy(key);
        }
        for (String key : new ArrayList<>(leads.keySet())) {
            dropParticipants(leads.get(key), session::equals);
            tidy(key);
        }
    }

    /** @return the caller's session if live; else the session ends (if open) and the answer is SessionGone */
    private boolean sessionGone(String session) {
        if (live(session)) {
            return false;
        }
        if (sessionEnds.containsKey(session)) {
            endSession(session);
        }
        return true;
    }

    // ---- read-write locks ----

    String rwAcquire(String key, String owner, AccessMode mode, String session, long waiterId) {
        if (sessionGone(session)) {
            return answer("SessionGone");
        }
        Rw rw = rws.computeIfAbsent(key, k -> new Rw());
        dropLapsed(rw);
        String result;
        Call earlier = removeOwner(rw.line, owner);
        if (earlier != null) {
            handovers.add(earlier.id() + "->none");
            serve(rw);
        }
        Grant held = mode == AccessMode.WRITE ? (rw.writer != null && rw.writer.owner().equals(owner) ? rw.writer
                : null) : rw.readers.get(owner);
        boolean ownsWrite = rw.writer != null && rw.writer.owner().equals(owner);
        if (held != null) {
            result = "AlreadyHeld:" + held.token();
        } else if (mode == AccessMode.WRITE && rw.readers.containsKey(owner)) {
            result = "Refused";
        } else if (mode == AccessMode.READ && ownsWrite || rw.line.isEmpty() && fits(rw, owner, mode)) {
            result = "Granted:" + grant(rw, owner, mode, session).token();
        } else if (waiterId == 0) {
            result = "Busy";
        } else {
            rw.line.add(new Call(waiterId, owner, session, mode, 1));
            result = "Parked:" + waiterId;
        }
        tidy(key);
        return answer(result);
    }

    String rwRelease(String key, String owner, AccessMode mode) {
        Rw rw = rws.get(key);
        if (rw == null) {
            return answer("NotHolder");
        }
        dropLapsed(rw);
        Grant released;
        if (mode == AccessMode.WRITE) {
            released = rw.writer != null && rw.writer.owner().equals(owner) ? rw.writer : null;
            if (released != null) {
                rw.writer = null;
            }
        } else {
            released = rw.readers.remove(owner);
        }
        if (released != null) {
            serve(rw);
        }
        tidy(key);
        return answer(released == null ? "NotHolder" : "Released");
    }

    String rwWithdraw(String key, long waiterId) {
        Rw rw = rws.get(key);
        if (rw == null || !rw.line.removeIf(c -> c.id() == waiterId)) {
            return answer("NotWaiting");
        }
        serve(rw);
        tidy(key);
        return answer("Withdrawn");
    }

    private boolean fits(Rw rw, String owner, AccessMode mode) {
        return mode == AccessMode.WRITE ? rw.writer == null && rw.readers.isEmpty()
                : rw.writer == null || rw.writer.owner().equals(owner);
    }

    private Grant grant(Rw rw, String owner, AccessMode mode, String session) {
        Grant grant = new Grant(owner, ++lastToken, session, 1);
        if (mode == AccessMode.WRITE) {
            rw.writer = grant;
        } else {
            rw.readers.put(owner, grant);
        }
        return grant;
    }

    private void serve(Rw rw) {
        while (!rw.line.isEmpty()) {
            Call head = rw.line.get(0);
            if (live(head.session()) && !fits(rw, head.owner(), head.mode())) {
                return;
            }
            rw.line.remove(0);
            handovers.add(head.id() + "->" + (live(head.session())
                    ? String.valueOf(grant(rw, head.owner(), head.mode(), head.session()).token()) : "none"));
        }
    }

    private void dropLapsed(Rw rw) {
        boolean any = rw.writer != null && !live(rw.writer.session());
        if (any) {
            rw.writer = null;
        }
        any |= rw.readers.values().removeIf(g -> !live(g.session()));
        if (any) {
            serve(rw);
        }
    }

    // ---- semaphores ----

    String semAcquire(String key, String holder, int permits, int capacity, String session, long waiterId) {
        if (sessionGone(session)) {
            return answer("SessionGone");
        }
        Sem sem = sems.computeIfAbsent(key, k -> new Sem());
        dropLapsed(sem);
        if (sem.capacity == 0) {
            sem.capacity = capacity;
        }
        Call earlier = removeOwner(sem.line, holder);
        if (earlier != null) {
            handovers.add(earlier.id() + "->none");
            serve(sem);
        }
        String result;
        Grant held = sem.holders.get(holder);
        if (held != null) {
            result = "AlreadyHeld:" + held.token();
        } else if (permits > sem.capacity) {
            result = "Refused";
        } else if (sem.line.isEmpty() && permits <= sem.capacity - sem.held()) {
            Grant grant = new Grant(holder, ++lastToken, session, permits);
            sem.holders.put(holder, grant);
            result = "Granted:" + grant.token();
        } else if (waiterId == 0) {
            result = "Busy";
        } else {
            sem.line.add(new Call(waiterId, holder, session, null, permits));
            result = "Parked:" + waiterId;
        }
        tidy(key);
        return answer(result);
    }

    String semReduce(String key, String holder, int keep) {
        Sem sem = sems.get(key);
        if (sem == null) {
            return answer("NotHolder");
        }
        dropLapsed(sem);
        Grant held = sem.holders.get(holder);
        if (held != null && keep < held.permits()) {
            if (keep == 0) {
                sem.holders.remove(holder);
            } else {
                sem.holders.put(holder, new Grant(holder, held.token(), held.session(), keep));
            }
            serve(sem);
        }
        tidy(key);
        return answer(held == null ? "NotHolder" : "Released");
    }

    String semSetCapacity(String key, int capacity) {
        Sem sem = sems.computeIfAbsent(key, k -> new Sem());
        dropLapsed(sem);
        sem.capacity = capacity;
        sem.pinned = true;
        serve(sem);
        return answer("Released");
    }

    String semWithdraw(String key, long waiterId) {
        Sem sem = sems.get(key);
        if (sem == null || !sem.line.removeIf(c -> c.id() == waiterId)) {
            return answer("NotWaiting");
        }
        serve(sem);
        tidy(key);
        return answer("Withdrawn");
    }

    private void serve(Sem sem) {
        while (!sem.line.isEmpty()) {
            Call head = sem.line.get(0);
            boolean never = head.permits() > sem.capacity;
            if (live(head.session()) && !never && head.permits() > sem.capacity - sem.held()) {
                return;
            }
            sem.line.remove(0);
            if (live(head.session()) && !never) {
                Grant grant = new Grant(head.owner(), ++lastToken, head.session(), head.permits());
                sem.holders.put(head.owner(), grant);
                handovers.add(head.id() + "->" + grant.token());
            } else {
                handovers.add(head.id() + "->none");
            }
        }
    }

    private void dropLapsed(Sem sem) {
        if (sem.holders.values().removeIf(g -> !live(g.session()))) {
            serve(sem);
        }
    }

    // ---- leaderships ----

    String join(String name, String participant, String session, long waiterId) {
        if (sessionGone(session)) {
            return answer("SessionGone");
        }
        Lead lead = leads.computeIfAbsent(name, k -> new Lead());
        dropParticipants(lead, s -> !live(s));
        Call earlier = lead.parked.remove(participant);
        if (earlier != null) {
            handovers.add(earlier.id() + "->none");
        }
        String result;
        if (lead.leader != null && lead.leader.owner().equals(participant)) {
            result = "AlreadyHeld:" + lead.leader.token();
        } else {
            lead.participants.put(participant, session);
            elect(lead);
            if (lead.leader != null && lead.leader.owner().equals(participant)) {
                result = "Granted:" + lead.leader.token();
            } else if (waiterId == 0) {
                result = "Busy";
            } else {
                lead.parked.put(participant, new Call(waiterId, participant, session, null, 1));
                result = "Parked:" + waiterId;
            }
        }
        tidy(name);
        return answer(result);
    }

    String leave(String name, String participant) {
        Lead lead = leads.get(name);
        if (lead == null) {
            return answer("NotHolder");
        }
        dropParticipants(lead, s -> !live(s));
        String result = leaveNow(lead, participant);
        tidy(name);
        return answer(result);
    }

    String revoke(String name) {
        Lead lead = leads.get(name);
        if (lead == null) {
            return answer("NotHolder");
        }
        dropParticipants(lead, s -> !live(s));
        String result = lead.leader == null ? "NotHolder" : leaveNow(lead, lead.leader.owner());
        tidy(name);
        return answer(result);
    }

    String leadWithdraw(String name, long waiterId) {
        Lead lead = leads.get(name);
        boolean removed = lead != null && lead.parked.values().removeIf(c -> c.id() == waiterId);
        return answer(removed ? "Withdrawn" : "NotWaiting");
    }

    private String leaveNow(Lead lead, String participant) {
        if (lead.participants.remove(participant) == null) {
            return "NotHolder";
        }
        Call parked = lead.parked.remove(participant);
        if (parked != null) {
            handovers.add(parked.id() + "->none");
        }
        if (lead.leader != null && lead.leader.owner().equals(participant)) {
            lead.leader = null;
        }
        elect(lead);
        return "Released";
    }

    private void elect(Lead lead) {
        for (Iterator<Map.Entry<String, String>> it = lead.participants.entrySet().iterator();
             lead.leader == null && it.hasNext(); ) {
            Map.Entry<String, String> next = it.next();
            Call parked = lead.parked.remove(next.getKey());
            if (!live(next.getValue())) {
                it.remove();
                if (parked != null) {
                    handovers.add(parked.id() + "->none");
                }
                continue;
            }
            lead.leader = new Grant(next.getKey(), ++lastToken, next.getValue(), 1);
            if (parked != null) {
                handovers.add(parked.id() + "->" + lead.leader.token());
            }
        }
    }

    private void dropParticipants(Lead lead, java.util.function.Predicate<String> sessionDrops) {
        boolean any = false;
        for (Iterator<Map.Entry<String, String>> it = lead.participants.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, String> entry = it.next();
            if (sessionDrops.test(entry.getValue())) {
                it.remove();
                Call parked = lead.parked.remove(entry.getKey());
                if (parked != null) {
                    handovers.add(parked.id() + "->none");
                }
                any = true;
            }
        }
        if (any && lead.leader != null && !lead.participants.containsKey(lead.leader.owner())) {
            lead.leader = null;
            elect(lead);
        }
    }

    // ---- shared ----

    private static Call removeOwner(List<Call> line, String owner) {
        for (Iterator<Call> it = line.iterator(); it.hasNext(); ) {
            Call call = it.next();
            if (call.owner().equals(owner)) {
                it.remove();
                return call;
            }
        }
        return null;
    }

    /** Forgets a key that holds nothing worth keeping, as the table does. */
    private void tidy(String key) {
        Rw rw = rws.get(key);
        if (rw != null && rw.writer == null && rw.readers.isEmpty() && rw.line.isEmpty()) {
            rws.remove(key);
        }
        Sem sem = sems.get(key);
        if (sem != null && sem.holders.isEmpty() && sem.line.isEmpty() && !sem.pinned) {
            sems.remove(key);
        }
        Lead lead = leads.get(key);
        if (lead != null && lead.participants.isEmpty()) {
            leads.remove(key);
        }
    }

    private String answer(String result) {
        String text = result + handovers;
        handovers = new ArrayList<>();
        return text;
    }
}
