package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model-based test: random sequences of read-write lock, semaphore, leadership, session and time steps, applied to
 * the {@link LockMachine} and to {@link PrimitivesModel}, must give the same answers (outcome, token, the parked
 * calls answered and how) and leave the same state, step by step, also across a machine restored from its
 * snapshot now and then. Along the way the invariants hold: no writer
 * beside another holder, never more permits held than the capacity they were granted under, one leader at most.
 */
class PrimitivesModelTest {

    private static final long[] SEEDS = {1, 7, 42, 2026, 31337};
    private static final int STEPS = 4_000;
    private static final long TTL = 1_000;
    private static final String[] KEYS = {"k1", "k2"};
    private static final String[] OWNERS = {"a", "b", "c", "d", "e"};
    private static final int SESSIONS = 3;
    private static final int RESTORE_EVERY = 97;

    @Test
    void theMachineAnswersAsTheModelDoesStepByStep() {
        for (long seed : SEEDS) {
            new Run(seed).play();
        }
    }

    private static final class Run {
        private final Random random;
        private final long seed;
        private LockMachine machine = new LockMachine();
        private long millis = 1_000_000;
        private final PrimitivesModel model = new PrimitivesModel(TTL, millis);
        private final String[] sessions = new String[SESSIONS];
        private final int[] generations = new int[SESSIONS];
        private final List<long[]> parked = new ArrayList<>(); // {kind, key index, waiter id}
        private final Map<String, Integer> heldBefore = new HashMap<>();
        private long waiterIds;

        Run(long seed) {
            this.seed = seed;
            this.random = new Random(seed);
            for (int i = 0; i < SESSIONS; i++) {
                renew(i);
            }
        }

        void play() {
            for (int step = 0; step < STEPS; step++) {
                String context = "seed " + seed + " step " + step;
                String[] answers = step();
                assertEquals(answers[1], answers[0], context + ": " + answers[2]);
                for (String key : KEYS) {
                    assertEquals(modelState(key), machineState(key), context + " state of " + key);
                }
                if (step % RESTORE_EVERY == 0) {
                    restoreFromSnapshot(context);
                }
            }
        }

        /** Goes on with a machine restored from a snapshot of this one: it must be the same in every respect. */
        private void restoreFromSnapshot(String context) {
            TableSnapshot snapshot = machine.snapshot();
            machine = LockMachine.restore(snapshot);
            assertEquals(snapshot, machine.snapshot(), context + " snapshot restored");
        }

        /** @return the machine's answer, the model's, and what the step was */
        private String[] step() {
            int op = random.nextInt(100);
            String key = KEYS[random.nextInt(KEYS.length)];
            int k = key.equals("k1") ? 0 : 1;
            int ownerIndex = random.nextInt(OWNERS.length);
            String owner = OWNERS[ownerIndex];
            int s = ownerIndex % SESSIONS;
            String session = sessions[s];
            boolean waits = random.nextBoolean();
            long waiterId = waits ? ++waiterIds : 0;
            if (op < 8) {
                long by = random.nextInt((int) TTL / 2);
                millis += by;
                model.advance(by);
                return new String[] {"", "", "advance " + by};
            } else if (op < 14) {
                return session(s, "keepAlive", () -> summary(machine.sessions().keepAlive(session, now())),
                        () -> model.keepAlive(session));
            } else if (op < 17) {
                return session(s, "expire", () -> summary(machine.sessions().expire(session, now())),
                        () -> model.expire(session));
            } else if (op < 21) {
                return session(s, "end", () -> summary(machine.sessions().end(session, Effects.Cause.RELEASED,
                        now())), () -> model.end(session));
            } else if (op < 37) {
                AccessMode mode = random.nextInt(3) == 0 ? AccessMode.WRITE : AccessMode.READ;
                return acquired(s, 0, k, waiterId, "rw " + owner + " " + mode + " " + key,
                        () -> machine.readWriteLocks().acquire(rw(key), owner, mode, session, waiterId, now()),
                        () -> model.underSession(session,
                                () -> model.readWrite.acquire(key, owner, mode, session, waiterId)));
            } else if (op < 50) {
                AccessMode mode = random.nextInt(3) == 0 ? AccessMode.WRITE : AccessMode.READ;
                return both("rw release " + owner + " " + mode + " " + key,
                        () -> summary(machine.readWriteLocks().release(rw(key), owner, mode, now())),
                        () -> model.run(() -> model.readWrite.release(key, owner, mode)));
            } else if (op < 65) {
                int permits = 1 + random.nextInt(3);
                return acquired(s, 1, k, waiterId, "sem " + owner + " " + permits + " " + key,
                        () -> machine.semaphores().acquire(sem(key), owner, permits, 3, session, waiterId, now()),
                        () -> model.underSession(session,
                                () -> model.semaphores.acquire(key, owner, permits, 3, session, waiterId)));
            } else if (op < 74) {
                int keep = random.nextInt(2);
                return both("sem reduce " + owner + " " + keep + " " + key,
                        () -> summary(machine.semaphores().reduce(sem(key), owner, keep, now())),
                        () -> model.run(() -> model.semaphores.reduce(key, owner, keep)));
            } else if (op < 76) {
                int capacity = 1 + random.nextInt(4);
                return both("sem capacity " + capacity + " " + key,
                        () -> summary(machine.semaphores().setCapacity(sem(key), capacity, now())),
                        () -> model.run(() -> model.semaphores.setCapacity(key, capacity)));
            } else if (op < 86) {
                return acquired(s, 2, k, waiterId, "join " + owner + " " + key,
                        () -> machine.leaderships().join(Leaderships.key(key), owner, session, waiterId, now()),
                        () -> model.underSession(session,
                                () -> model.leaderships.join(key, owner, session, waiterId)));
            } else if (op < 92) {
                return both("leave " + owner + " " + key,
                        () -> summary(machine.leaderships().leave(Leaderships.key(key), owner, now())),
                        () -> model.run(() -> model.leaderships.leave(key, owner)));
            } else if (op < 94) {
                return both("revoke " + key,
                        () -> summary(machine.leaderships().revoke(Leaderships.key(key), 0, now())),
                        () -> model.run(() -> model.leaderships.revoke(key)));
            }
            return withdraw();
        }

        private String[] withdraw() {
            if (parked.isEmpty()) {
                return new String[] {"", "", "nothing to withdraw"};
            }
            long[] call = parked.remove(random.nextInt(parked.size()));
            String key = KEYS[(int) call[1]];
            long id = call[2];
            return switch ((int) call[0]) {
                case 0 -> both("rw withdraw " + id, () -> summary(machine.readWriteLocks().withdraw(rw(key), id,
                        now())), () -> model.run(() -> model.readWrite.withdraw(key, id)));
                case 1 -> both("sem withdraw " + id, () -> summary(machine.semaphores().withdraw(sem(key), id,
                        now())), () -> model.run(() -> model.semaphores.withdraw(key, id)));
                default -> both("lead withdraw " + id, () -> summary(machine.leaderships().withdraw(
                        Leaderships.key(key), id, now())), () -> model.run(() -> model.leaderships.withdraw(key, id)));
            };
        }

        private String[] acquired(int s, int kind, int k, long waiterId, String what,
                                  Supplier<PrimitiveOutcome> onMachine, Supplier<String> onModel) {
            PrimitiveOutcome outcome = onMachine.get();
            String modelAnswer = onModel.get();
            if (outcome instanceof PrimitiveOutcome.Parked) {
                parked.add(new long[] {kind, k, waiterId});
            }
            if (outcome instanceof PrimitiveOutcome.SessionGone) {
                renew(s);
            }
            return new String[] {summary(outcome), modelAnswer, what};
        }

        private String[] session(int s, String what, Supplier<String> onMachine, Supplier<String> onModel) {
            String machineAnswer = onMachine.get();
            String modelAnswer = onModel.get();
            if (machineAnswer.startsWith("Ended") || machineAnswer.startsWith("NotOpen")) {
                renew(s);
            }
            return new String[] {machineAnswer, modelAnswer, what + " " + sessions[s]};
        }

        private static String[] both(String what, Supplier<String> onMachine, Supplier<String> onModel) {
            return new String[] {onMachine.get(), onModel.get(), what};
        }

        /** Opens the next generation of session {@code s}: a node that lost its session opens a new one. */
        private void renew(int s) {
            sessions[s] = "s" + s + "#" + ++generations[s];
            machine.sessions().open(sessions[s], TTL, now());
            model.open(sessions[s]);
        }

        private Moment now() {
            return new Moment(TimeUnit.MILLISECONDS.toNanos(millis), 0);
        }

        private String machineState(String key) {
            String rw = machine.readWriteLocks().describe(rw(key)).map(v -> "W=" + holder(v.writer()) + " R="
                    + v.readers().stream().map(Run::holder).toList() + " rq=" + v.readersWaiting() + " wq="
                    + v.writersWaiting()).orElse("-");
            String sem = machine.semaphores().describe(sem(key)).map(v -> {
                // Permits are granted only within the capacity: more held than before means none over it.
                assertTrue(v.held() <= heldBefore.getOrDefault(key, 0) || v.held() <= v.capacity(),
                        "permits granted over capacity: " + v);
                heldBefore.put(key, v.held());
                return "cap=" + v.capacity() + " held=" + v.held() + " " + v.holders().stream().map(Run::holder)
                        .toList() + " q=" + v.waiting() + " pinned=" + v.capacityPinned();
            }).orElseGet(() -> {
                heldBefore.remove(key);
                return "-";
            });
            String lead = machine.leaderships().describe(Leaderships.key(key)).map(v -> "L=" + (v.leader() == null
                    ? "none" : v.leader() + ":" + v.epoch()) + " P=" + v.participants()).orElse("-");
            return rw + " | " + sem + " | " + lead;
        }

        private String modelState(String key) {
            ReadWriteModel.Rw r = model.readWrite.locks.get(key);
            String rw = r == null ? "-" : "W=" + (r.writer == null ? "none" : r.writer) + " R="
                    + new ArrayList<>(r.readers.values()) + " rq="
                    + r.line.stream().filter(c -> c.mode() == AccessMode.READ).count() + " wq="
                    + r.line.stream().filter(c -> c.mode() == AccessMode.WRITE).count();
            SemaphoreModel.Sem m = model.semaphores.semaphores.get(key);
            String sem = m == null ? "-" : "cap=" + m.capacity + " held=" + m.held() + " "
                    + new ArrayList<>(m.holders.values()) + " q=" + m.line.size() + " pinned=" + m.pinned;
            LeadershipModel.Lead l = model.leaderships.leaderships.get(key);
            String lead = l == null ? "-" : "L=" + (l.leader == null ? "none" : l.leader.owner() + ":"
                    + l.leader.token()) + " P=" + new ArrayList<>(l.participants.keySet());
            if (r != null && r.writer != null) {
                assertTrue(r.readers.keySet().stream().allMatch(r.writer.owner()::equals), "writer beside readers");
            }
            return rw + " | " + sem + " | " + lead;
        }

        private static String holder(HolderView h) {
            return h == null ? "none" : h.owner() + ":" + h.fencingToken() + (h.permits() == 1 ? "" : "x"
                    + h.permits());
        }

        private static LockKey rw(String key) {
            return new LockKey("rw", key);
        }

        private static LockKey sem(String key) {
            return new LockKey("sem", key);
        }
    }

    /** @return an outcome as the model writes it: its kind, its token or waiter, and the calls it answered */
    static String summary(PrimitiveOutcome outcome) {
        String head = outcome.getClass().getSimpleName();
        if (outcome instanceof PrimitiveOutcome.Granted g) {
            head += ":" + g.handout().grant().getFencingToken();
        } else if (outcome instanceof PrimitiveOutcome.AlreadyHeld a) {
            head += ":" + a.handout().grant().getFencingToken();
        } else if (outcome instanceof PrimitiveOutcome.Parked p) {
            head += ":" + p.waiter().id();
        }
        return head + handovers(outcome.effects());
    }

    static String summary(SessionOutcome outcome) {
        Effects effects = outcome instanceof SessionOutcome.Ended ended ? ended.effects() : Effects.NONE;
        return outcome.getClass().getSimpleName() + handovers(effects);
    }

    private static String handovers(Effects effects) {
        return effects.handovers().stream().map(h -> h.waiter().id() + "->"
                + (h.isGranted() ? String.valueOf(h.handout().grant().getFencingToken()) : "none"))
                .collect(Collectors.toList()).toString();
    }
}
