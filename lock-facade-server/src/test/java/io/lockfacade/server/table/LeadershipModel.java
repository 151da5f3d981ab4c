package io.lockfacade.server.table;

import io.lockfacade.server.table.ModelWorld.Call;
import io.lockfacade.server.table.ModelWorld.Grant;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/** The leader-election rules of {@link PrimitivesModel}, written out plainly. */
final class LeadershipModel {

    static final class Lead {
        final LinkedHashMap<String, String> participants = new LinkedHashMap<>();
        final LinkedHashMap<String, Call> parked = new LinkedHashMap<>();
        Grant leader;
    }

    private final ModelWorld world;
    final TreeMap<String, Lead> leaderships = new TreeMap<>();

    LeadershipModel(ModelWorld world) {
        this.world = world;
    }

    String join(String name, String participant, String session, long waiterId) {
        Lead lead = leaderships.computeIfAbsent(name, k -> new Lead());
        dropParticipants(lead, s -> !world.live(s));
        Call earlier = lead.parked.remove(participant);
        if (earlier != null) {
            world.answered(earlier, null);
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
        return result;
    }

    String leave(String name, String participant) {
        Lead lead = leaderships.get(name);
        if (lead == null) {
            return "NotHolder";
        }
        dropParticipants(lead, s -> !world.live(s));
        String result = leaveNow(lead, participant);
        tidy(name);
        return result;
    }

    String revoke(String name) {
        Lead lead = leaderships.get(name);
        if (lead == null) {
            return "NotHolder";
        }
        dropParticipants(lead, s -> !world.live(s));
        String result = lead.leader == null ? "NotHolder" : leaveNow(lead, lead.leader.owner());
        tidy(name);
        return result;
    }

    String withdraw(String name, long waiterId) {
        Lead lead = leaderships.get(name);
        boolean removed = lead != null && lead.parked.values().removeIf(c -> c.id() == waiterId);
        return removed ? "Withdrawn" : "NotWaiting";
    }

    /** The session's participants leave, leadership by leadership. */
    void endSession(String session) {
        for (String name : new ArrayList<>(leaderships.keySet())) {
            dropParticipants(leaderships.get(name), session::equals);
            tidy(name);
        }
    }

    private String leaveNow(Lead lead, String participant) {
        if (lead.participants.remove(participant) == null) {
            return "NotHolder";
        }
        Call parked = lead.parked.remove(participant);
        if (parked != null) {
            world.answered(parked, null);
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
            if (!world.live(next.getValue())) {
                it.remove();
                if (parked != null) {
                    world.answered(parked, null);
                }
                continue;
            }
            lead.leader = new Grant(next.getKey(), world.nextToken(), next.getValue(), 1);
            if (parked != null) {
                world.answered(parked, lead.leader);
            }
        }
    }

    private void dropParticipants(Lead lead, Predicate<String> sessionDrops) {
        boolean any = false;
        for (Iterator<Map.Entry<String, String>> it = lead.participants.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, String> entry = it.next();
            if (sessionDrops.test(entry.getValue())) {
                it.remove();
                Call parked = lead.parked.remove(entry.getKey());
                if (parked != null) {
                    world.answered(parked, null);
                }
                any = true;
            }
        }
        if (any && lead.leader != null && !lead.participants.containsKey(lead.leader.owner())) {
            lead.leader = null;
            elect(lead);
        }
    }

    private void tidy(String name) {
        Lead lead = leaderships.get(name);
        if (lead != null && lead.participants.isEmpty()) {
            leaderships.remove(name);
        }
    }
}
