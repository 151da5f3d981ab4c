package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What replication relies on: the same commands at the same moments give the same outcomes and the same state,
 * and a snapshot restored and fed the rest of the commands ends where the live table ends.
 */
class LockMachineDeterminismTest {

    private static final int COMMANDS = 20_000;
    private static final int KEYS = 6;
    private static final String[] OWNERS = {"a", "b", "c", "d"};
    private static final String[] SESSIONS = {"s1", "s2", "s3"};
    private static final long[] SEEDS = {1, 42, 2026};

    @Test
    void twoMachinesFedTheSameCommandsGiveTheSameOutcomesAndState() {
        for (long seed : SEEDS) {
            List<Command> commands = commands(seed);
            LockMachine one = new LockMachine();
            LockMachine two = new LockMachine();

            for (int i = 0; i < commands.size(); i++) {
                assertEquals(commands.get(i).applyTo(one), commands.get(i).applyTo(two), "command " + i);
            }

            assertEquals(one.snapshot(), two.snapshot());
        }
    }

    @Test
    void aSnapshotRestoredAndReplayedFromThereEqualsTheLiveTable() {
        for (long seed : SEEDS) {
            List<Command> commands = commands(seed);
            int cut = commands.size() / 2;
            LockMachine live = new LockMachine();
            commands.subList(0, cut).forEach(command -> command.applyTo(live));

            LockMachine restored = LockMachine.restore(live.snapshot());
            for (int i = cut; i < commands.size(); i++) {
                assertEquals(commands.get(i).applyTo(live), commands.get(i).applyTo(restored), "command " + i);
            }

            assertEquals(live.snapshot(), restored.snapshot());
            assertEquals(live.grantCount(), restored.grantCount());
        }
    }

    @Test
    void theCommandMixReachesEveryKindOfOutcome() {
        LockMachine machine = new LockMachine();
        List<String> kinds = new ArrayList<>();
        for (Command command : commands(SEEDS[0])) {
            String kind = command.applyTo(machine).getClass().getSimpleName();
            if (!kinds.contains(kind)) {
                kinds.add(kind);
            }
        }
        for (String expected : List.of("Granted", "AlreadyHeld", "Busy", "Parked", "SessionGone", "Released",
                "Renewed", "NotHolder", "Withdrawn", "NotWaiting", "StillHeld", "Alive", "Ended", "NotOpen",
                "StillOpen")) {
            assertTrue(kinds.contains(expected), expected + " never happened; saw " + kinds);
        }
    }

    @Test
    void differentMomentsGiveDifferentTokens() {
        LockMachine early = new LockMachine();
        LockMachine late = new LockMachine();
        LockKey key = new LockKey("t", "k");

        Object first = early.acquire(key, "a", 1_000, null, 0, new Moment(0, 10));
        Object second = late.acquire(key, "a", 1_000, null, 0, new Moment(0, 20));

        assertNotEquals(first, second);
    }

    /**
     * A random mix of commands. Expiry visits and withdrawals name grants and waiters the table really made: the
     * mix is drawn while a scratch machine runs it, so every later run of the same list sees the same names.
     */
    private static List<Command> commands(long seed) {
        Random random = new Random(seed);
        LockMachine scratch = new LockMachine();
        List<Command> commands = new ArrayList<>(COMMANDS);
        List<Waiter> waiters = new ArrayList<>();
        List<Outcome.Granted> grants = new ArrayList<>();
        long nanos = TimeUnit.SECONDS.toNanos(1_000);
        long floor = 0;
        long waiterIds = 0;
        for (int i = 0; i < COMMANDS; i++) {
            nanos += TimeUnit.MILLISECONDS.toNanos(random.nextInt(60));
            if (random.nextInt(100) == 0) {
                floor += random.nextInt(1_000);
            }
            Moment at = new Moment(nanos, floor);
            LockKey key = new LockKey(random.nextBoolean() ? "order" : "stock", "k" + random.nextInt(KEYS));
            String owner = OWNERS[random.nextInt(OWNERS.length)];
            String session = random.nextInt(3) == 0 ? SESSIONS[random.nextInt(SESSIONS.length)] : null;
            String anySession = SESSIONS[random.nextInt(SESSIONS.length)];
            long lease = 200 + random.nextInt(1_500);
            Command command = switch (random.nextInt(14)) {
                case 0, 1, 2 -> new Command.Acquire(key, owner, lease, session, 0, at);
                case 3, 4 -> new Command.Acquire(key, owner, lease, session, ++waiterIds, at);
                case 5, 6 -> new Command.Release(key, owner, at);
                case 7 -> new Command.Renew(key, owner, lease, at);
                case 8 -> waiters.isEmpty() ? new Command.DropWaiters() : withdraw(recent(waiters, random));
                case 9 -> random.nextInt(4) == 0 ? new Command.ForceRemove(key, at) : new Command.DropWaiters();
                case 10 -> grants.isEmpty() ? new Command.Expire(key, 1, at) : expire(recent(grants, random), at);
                case 11 -> new Command.OpenSession(anySession, 500 + random.nextInt(2_000), at);
                case 12 -> new Command.KeepAlive(anySession, at);
                default -> random.nextBoolean() ? new Command.ExpireSession(anySession, at)
                        : new Command.EndSession(anySession,
                                random.nextBoolean() ? Effects.Cause.RELEASED : Effects.Cause.REMOVED, at);
            };
            Object outcome = command.applyTo(scratch);
            if (outcome instanceof Outcome.Parked parked) {
                waiters.add(parked.waiter());
            } else if (outcome instanceof Outcome.Granted granted && granted.lock().isLeased()) {
                grants.add(granted);
            }
            commands.add(command);
        }
        return commands;
    }

    private static <T> T recent(List<T> made, Random random) {
        return made.get(Math.max(0, made.size() - 1 - random.nextInt(4)));
    }

    private static Command withdraw(Waiter waiter) {
        return new Command.Withdraw(waiter.lockKey(), waiter.id());
    }

    private static Command expire(Outcome.Granted granted, Moment at) {
        return new Command.Expire(granted.lock().lockKey(), granted.lock().fencingToken(), at);
    }
}
