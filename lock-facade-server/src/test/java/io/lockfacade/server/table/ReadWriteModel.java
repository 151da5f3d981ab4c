package io.lockfacade.server.table;

import io.lockfacade.server.table.ModelWorld.Call;
import io.lockfacade.server.table.ModelWorld.Grant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;

/** The read-write lock rules of {@link PrimitivesModel}, written out plainly. */
final class ReadWriteModel {

    static final class Rw {
        Grant writer;
        final LinkedHashMap<String, Grant> readers = new LinkedHashMap<>();
        final List<Call> line = new ArrayList<>();
    }

    private final ModelWorld world;
    final TreeMap<String, Rw> locks = new TreeMap<>();

    ReadWriteModel(ModelWorld world) {
        this.world = world;
    }

    String acquire(String key, String owner, AccessMode mode, String session, long waiterId) {
        Rw rw = locks.computeIfAbsent(key, k -> new Rw());
        dropLapsed(rw);
        Call earlier = ModelWorld.removeOwner(rw.line, owner);
        if (earlier != null) {
            world.answered(earlier, null);
            serve(rw);
        }
        boolean ownsWrite = rw.writer != null && rw.writer.owner().equals(owner);
        Grant held = mode == AccessMode.WRITE ? (ownsWrite ? rw.writer : null) : rw.readers.get(owner);
        String result;
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
        return result;
    }

    String release(String key, String owner, AccessMode mode) {
        Rw rw = locks.get(key);
        if (rw == null) {
            return "NotHolder";
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
        return released == null ? "NotHolder" : "Released";
    }

    String withdraw(String key, long waiterId) {
        Rw rw = locks.get(key);
        if (rw == null || !rw.line.removeIf(c -> c.id() == waiterId)) {
            return "NotWaiting";
        }
        serve(rw);
        tidy(key);
        return "Withdrawn";
    }

    /** The session's grants go, key by key. */
    void endSession(String session) {
        for (String key : new ArrayList<>(locks.keySet())) {
            Rw rw = locks.get(key);
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
    }

    private static boolean fits(Rw rw, String owner, AccessMode mode) {
        return mode == AccessMode.WRITE ? rw.writer == null && rw.readers.isEmpty()
                : rw.writer == null || rw.writer.owner().equals(owner);
    }

    private Grant grant(Rw rw, String owner, AccessMode mode, String session) {
        Grant grant = new Grant(owner, world.nextToken(), session, 1);
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
            if (world.live(head.session()) && !fits(rw, head.owner(), head.mode())) {
                return;
            }
            rw.line.remove(0);
            world.answered(head, world.live(head.session()) ? grant(rw, head.owner(), head.mode(), head.session())
                    : null);
        }
    }

    private void dropLapsed(Rw rw) {
        boolean any = rw.writer != null && !world.live(rw.writer.session());
        if (any) {
            rw.writer = null;
        }
        any |= rw.readers.values().removeIf(g -> !world.live(g.session()));
        if (any) {
            serve(rw);
        }
    }

    private void tidy(String key) {
        Rw rw = locks.get(key);
        if (rw != null && rw.writer == null && rw.readers.isEmpty() && rw.line.isEmpty()) {
            locks.remove(key);
        }
    }
}
