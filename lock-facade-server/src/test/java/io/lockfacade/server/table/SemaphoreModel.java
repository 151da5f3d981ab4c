package io.lockfacade.server.table;

import io.lockfacade.server.table.ModelWorld.Call;
import io.lockfacade.server.table.ModelWorld.Grant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;

/** The semaphore rules of {@link PrimitivesModel}, written out plainly. */
final class SemaphoreModel {

    static final class Sem {
        int capacity;
        boolean pinned;
        final LinkedHashMap<String, Grant> holders = new LinkedHashMap<>();
        final List<Call> line = new ArrayList<>();

        int held() {
            return holders.values().stream().mapToInt(Grant::permits).sum();
        }
    }

    private final ModelWorld world;
    final TreeMap<String, Sem> semaphores = new TreeMap<>();

    SemaphoreModel(ModelWorld world) {
        this.world = world;
    }

    String acquire(String key, String holder, int permits, int capacity, String session, long waiterId) {
        Sem sem = semaphores.computeIfAbsent(key, k -> new Sem());
        dropLapsed(sem);
        if (sem.capacity == 0) {
            sem.capacity = capacity;
        }
        Call earlier = ModelWorld.removeOwner(sem.line, holder);
        if (earlier != null) {
            world.answered(earlier, null);
            serve(sem);
        }
        String result;
        Grant held = sem.holders.get(holder);
        if (held != null) {
            result = "AlreadyHeld:" + held.token();
        } else if (permits > sem.capacity) {
            result = "Refused";
        } else if (sem.line.isEmpty() && permits <= sem.capacity - sem.held()) {
            result = "Granted:" + grant(sem, holder, permits, session).token();
        } else if (waiterId == 0) {
            result = "Busy";
        } else {
            sem.line.add(new Call(waiterId, holder, session, null, permits));
            result = "Parked:" + waiterId;
        }
        tidy(key);
        return result;
    }

    String reduce(String key, String holder, int keep) {
        Sem sem = semaphores.get(key);
        if (sem == null) {
            return "NotHolder";
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
        return held == null ? "NotHolder" : "Released";
    }

    String setCapacity(String key, int capacity) {
        Sem sem = semaphores.computeIfAbsent(key, k -> new Sem());
        dropLapsed(sem);
        sem.capacity = capacity;
        sem.pinned = true;
        serve(sem);
        return "Released";
    }

    String withdraw(String key, long waiterId) {
        Sem sem = semaphores.get(key);
        if (sem == null || !sem.line.removeIf(c -> c.id() == waiterId)) {
            return "NotWaiting";
        }
        serve(sem);
        tidy(key);
        return "Withdrawn";
    }

    /** The session's permits come back, key by key. */
    void endSession(String session) {
        for (String key : new ArrayList<>(semaphores.keySet())) {
            Sem sem = semaphores.get(key);
            if (sem.holders.values().removeIf(g -> g.session().equals(session))) {
                serve(sem);
            }
            tidy(key);
        }
    }

    private Grant grant(Sem sem, String holder, int permits, String session) {
        Grant grant = new Grant(holder, world.nextToken(), session, permits);
        sem.holders.put(holder, grant);
        return grant;
    }

    private void serve(Sem sem) {
        while (!sem.line.isEmpty()) {
            Call head = sem.line.get(0);
            boolean never = head.permits() > sem.capacity;
            if (world.live(head.session()) && !never && head.permits() > sem.capacity - sem.held()) {
                return;
            }
            sem.line.remove(0);
            world.answered(head, world.live(head.session()) && !never
                    ? grant(sem, head.owner(), head.permits(), head.session()) : null);
        }
    }

    private void dropLapsed(Sem sem) {
        if (sem.holders.values().removeIf(g -> !world.live(g.session()))) {
            serve(sem);
        }
    }

    private void tidy(String key) {
        Sem sem = semaphores.get(key);
        if (sem != null && sem.holders.isEmpty() && sem.line.isEmpty() && !sem.pinned) {
            semaphores.remove(key);
        }
    }
}
