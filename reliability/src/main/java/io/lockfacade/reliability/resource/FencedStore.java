package io.lockfacade.reliability.resource;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The resource the locks guard, as a state machine with no I/O: per key, the critical section it accepted last
 * and the largest fencing token it has seen. It applies the rule docs/reliability.md asks of real resources: a section
 * whose token is smaller than the largest accepted is refused; a section with a larger token supersedes the one
 * that is open (that holder's lease must have ended) and every later write of the superseded one is refused.
 *
 * <p>A section's life: {@link #enter} (right after the lock is acquired), {@link #write}s, {@link #leave} (before
 * the unlock call, so a legitimate successor never finds it open), then {@link #outcome} (what the unlock said).
 *
 * <p><b>Overlap</b>, the violation this store exists to find, is either of:
 * <ul>
 *   <li>two threads in sections of the same grant (same token) at once: local arbitration let two threads in;</li>
 *   <li>a section that was superseded (another holder's section was accepted while it was open, or it was refused
 *       at entry) and whose unlock then reported {@link Outcome#RELEASED}: the master confirmed the first holder
 *       still held the lock although it had granted it to someone else, so two holders overlapped for real, not
 *       only in the eyes of a paused client.</li>
 * </ul>
 * Thread-safe: one monitor, fine for a test resource.
 */
public final class FencedStore {

    private static final int MAX_EXAMPLES = 20;

    /** What a section's release reported. */
    public enum Outcome {
        /** The master confirmed the release (no local hand-off could have happened). */
        RELEASED,
        /** The unlock returned normally, but a local thread was queued: the grant may have been handed off. */
        HANDED_OFF,
        /** {@code LockLostException}: the holder was told it lost the lock. */
        LOST,
        /** {@code LockServiceUnavailableException}: the master could not be told. */
        UNAVAILABLE,
        /** Anything else: a client bug. */
        ERROR
    }

    private final Map<String, KeyState> keys = new HashMap<>();
    private final Map<String, Section> sections = new HashMap<>();
    private final Set<String> watched = new HashSet<>();
    private final Map<String, String> watchedResults = new HashMap<>();
    private final EnumMap<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
    private final EnumMap<Outcome, Long> supersededOutcomes = new EnumMap<>(Outcome.class);
    private final List<String> overlapExamples = new ArrayList<>();
    private long entered;
    private long accepted;
    private long refusedAtEntry;
    private long preempted;
    private long acceptedWrites;
    private long staleWrites;
    private long staleWritesBelieved;
    private long overlaps;
    private long fencingViolations;
    private long abandoned;
    private long maxToken;

    /**
     * A holder starts its critical section.
     *
     * @param key       lock type and key, {@code type/key}
     * @param token     the fencing token of the holder's grant
     * @param node      the node (process incarnation) of the holder
     * @param sectionId unique id of this section
     * @param plannedHoldMillis how long the holder means to stay, for faults that want a holder in mid-section
     * @return whether the section is accepted; {@code false}: the token is stale
     */
    public synchronized boolean enter(String key, long token, String node, String sectionId, long plannedHoldMillis) {
        entered++;
        maxToken = Math.max(maxToken, token);
        KeyState state = keys.computeIfAbsent(key, k -> new KeyState());
        Section section = new Section(sectionId, key, token, node,
                System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(plannedHoldMillis));
        sections.put(sectionId, section);
        if (token < state.maxToken) {
            refusedAtEntry++;
            section.superseded = "refused at entry: token " + token + " < " + state.maxToken;
            return false;
        }
        Section open = state.open;
        if (open != null) {
            if (open.token == token) {
                overlap("two threads in sections of one grant at once: " + open + " and " + section);
            } else {
                preempted++;
                open.superseded = "superseded by token " + token + " of " + node + " while open";
            }
        }
        state.open = section;
        state.maxToken = token;
        accepted++;
        return true;
    }

    /**
     * A holder writes inside its section.
     *
     * @param believedHeld whether the client thought it still held the lock ({@code isLost() == false})
     * @return whether the write is accepted; {@code false}: the section was superseded or refused
     */
    public synchronized boolean write(String sectionId, boolean believedHeld) {
        Section section = sections.get(sectionId);
        KeyState state = section == null ? null : keys.get(section.key);
        if (section == null || state.open != section) {
            staleWrites++;
            if (believedHeld) {
                staleWritesBelieved++;
            }
            return false;
        }
        if (section.token < state.maxToken) {
            fencingViolations++; // cannot happen while enter() keeps maxToken; guards this class itself
        }
        acceptedWrites++;
        return true;
    }

    /** The holder leaves its section, just before it unlocks. */
    public synchronized void leave(String sectionId) {
        Section section = sections.get(sectionId);
        if (section != null) {
            KeyState state = keys.get(section.key);
            if (state.open == section) {
                state.open = null;
            }
        }
    }

    /** What the holder's unlock reported; decides whether a superseded section was an overlap. */
    public synchronized void outcome(String sectionId, Outcome outcome) {
        Section section = sections.remove(sectionId);
        if (section == null) {
            return;
        }
        outcomes.merge(outcome, 1L, Long::sum);
        if (section.superseded != null) {
            supersededOutcomes.merge(outcome, 1L, Long::sum);
            if (outcome == Outcome.RELEASED) {
                overlap("the master confirmed the release of a superseded section: " + section + " ("
                        + section.superseded + ")");
            }
        }
        if (watched.remove(sectionId)) {
            watchedResults.put(sectionId, (section.superseded != null ? "superseded " : "intact ") + outcome);
        }
    }

    /** A node was killed: its unfinished sections will never report; they stay open until superseded. */
    public synchronized void nodeDied(String node) {
        sections.values().removeIf(section -> {
            if (section.node.equals(node)) {
                abandoned++;
                watched.remove(section.id);
                return true;
            }
            return false;
        });
    }

    /** Marks the open sections of a node so that {@link #watchedResults()} tells how each ended. */
    public synchronized List<String> watchOpenSectionsOf(String node) {
        List<String> ids = new ArrayList<>();
        for (KeyState state : keys.values()) {
            if (state.open != null && state.open.node.equals(node) && sections.containsKey(state.open.id)) {
                ids.add(state.open.id);
                watched.add(state.open.id);
            }
        }
        return ids;
    }

    /** @return how many sections are open now, per node */
    public synchronized Map<String, Integer> openSectionsPerNode() {
        Map<String, Integer> counts = new HashMap<>();
        keys.values().forEach(state -> {
            if (state.open != null) {
                counts.merge(state.open.node, 1, Integer::sum);
            }
        });
        return counts;
    }

    /** @return per node with an open section, the longest time one of them still means to stay, in nanoseconds */
    public synchronized Map<String, Long> remainingHoldPerNode() {
        long now = System.nanoTime();
        Map<String, Long> remaining = new HashMap<>();
        keys.values().forEach(state -> {
            if (state.open != null) {
                remaining.merge(state.open.node, state.open.plannedEndNanos - now, Math::max);
            }
        });
        return remaining;
    }

    /** @return the largest token any section presented */
    public synchronized long maxToken() {
        return maxToken;
    }

    /** @return section id to how it ended ({@code superseded LOST}, {@code intact RELEASED}, ...) */
    public synchronized Map<String, String> watchedResults() {
        return Map.copyOf(watchedResults);
    }

    /** @return the figures so far */
    public synchronized Verdict verdict() {
        return new Verdict(entered, accepted, refusedAtEntry, preempted, acceptedWrites, staleWrites,
                staleWritesBelieved, overlaps, fencingViolations, abandoned, sections.size(),
                Map.copyOf(outcomes), Map.copyOf(supersededOutcomes), List.copyOf(overlapExamples));
    }

    private void overlap(String what) {
        overlaps++;
        if (overlapExamples.size() < MAX_EXAMPLES) {
            overlapExamples.add(what);
        }
    }

    /**
     * The store's figures.
     *
     * @param entered             sections that asked to enter
     * @param accepted            sections accepted at entry
     * @param refusedAtEntry      sections refused at entry because their token was stale
     * @param preempted           open sections superseded by a larger token
     * @param acceptedWrites      writes accepted
     * @param staleWrites         writes refused because their section was superseded or refused
     * @param staleWritesBelieved refused writes whose client still believed it held the lock
     * @param overlaps            violations of mutual exclusion, see the class comment; must be 0
     * @param fencingViolations   accepted writes with a token below the largest accepted; must be 0
     * @param abandoned           sections of killed nodes
     * @param unfinished          sections still without an outcome
     * @param outcomes            how sections ended
     * @param supersededOutcomes  how superseded sections ended ({@code LOST}: the holder learned it)
     * @param overlapExamples     the first overlaps, described
     */
    public record Verdict(long entered, long accepted, long refusedAtEntry, long preempted, long acceptedWrites,
                          long staleWrites, long staleWritesBelieved, long overlaps, long fencingViolations,
                          long abandoned, long unfinished, Map<Outcome, Long> outcomes,
                          Map<Outcome, Long> supersededOutcomes, List<String> overlapExamples) {

        /** @return stale tokens refused: sections at entry plus writes */
        public long staleRejected() {
            return refusedAtEntry + staleWrites;
        }
    }

    private static final class KeyState {
        private long maxToken;
        private Section open;
    }

    private static final class Section {
        private final String id;
        private final String key;
        private final long token;
        private final String node;
        private final long plannedEndNanos;
        private String superseded;

        Section(String id, String key, long token, String node, long plannedEndNanos) {
            this.id = id;
            this.key = key;
            this.token = token;
            this.node = node;
            this.plannedEndNanos = plannedEndNanos;
        }

        @Override
        public String toString() {
            return id + "[" + key + " token=" + token + " node=" + node + "]";
        }
    }
}
