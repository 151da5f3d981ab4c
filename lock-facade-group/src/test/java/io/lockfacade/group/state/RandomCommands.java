package io.lockfacade.group.state;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random logs for the replicated table's determinism and snapshot tests: every command kind, locks and primitives,
 * on few keys, owners and sessions so that they meet, with time moving forward by small random steps.
 */
final class RandomCommands {

    private static final long T0 = 1_700_000_000_000L;

    private RandomCommands() {
    }

    /** @return {@code size} random commands */
    static List<Command> log(Random random, int size) {
        List<Command> log = new ArrayList<>();
        long time = T0;
        for (int i = 0; i < size; i++) {
            time += random.nextInt(50);
            String key = "k" + random.nextInt(20);
            String owner = "o" + random.nextInt(4);
            String session = "s" + random.nextInt(3);
            log.add(random.nextInt(3) == 0 ? primitive(random, time, i, key, owner, session)
                    : lock(random, time, i, key, owner, session));
        }
        return log;
    }

    private static Command lock(Random random, long time, int i, String key, String owner, String session) {
        return switch (random.nextInt(13)) {
            case 0, 1 -> Command.onLock(Command.Kind.TRY_LOCK, time, "t", key, owner, 200 + random.nextInt(800));
            case 2 -> new Command(Command.Kind.TRY_LOCK_IN_SESSION, time, "t", key, owner, session, 0, 0);
            case 3 -> Command.onLock(Command.Kind.UNLOCK, time, "t", key, owner, 0);
            case 4 -> Command.onLock(Command.Kind.RENEW, time, "t", key, owner, 500);
            case 5 -> Command.onSession(Command.Kind.OPEN_SESSION, time, session, 700);
            case 6 -> Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, time, session, 0);
            case 7, 8 -> Command.onTable(Command.Kind.EXPIRE_DUE, time);
            case 9 -> Command.onSession(Command.Kind.CLOSE_SESSION, time, session, 0);
            case 10 -> Command.onLock(Command.Kind.FORCE_REMOVE, time, "t", key, null, 0)
                    .expecting(random.nextBoolean() ? 0 : Math.max(1, i - random.nextInt(40)));
            case 11 -> Command.onLock(Command.Kind.RELEASE_UNDELIVERED, time, "t", key, owner, 1)
                    .expecting(Math.max(1, i - random.nextInt(40)));
            default -> random.nextInt(10) == 0 ? Command.onTable(Command.Kind.TERM_START, time)
                    : Command.onLock(Command.Kind.TRY_LOCK, time, "t", key, owner, 300);
        };
    }

    /** Read-write locks, semaphores (capacity 3, so a call for 4 is refused) and leaderships on 4 keys. */
    private static Command primitive(Random random, long time, int i, String anyKey, String owner, String session) {
        String key = "p" + random.nextInt(4);
        long waiter = random.nextBoolean() ? 0 : i + 1;
        long earlier = Math.max(1, i - random.nextInt(40));
        return switch (random.nextInt(16)) {
            case 0, 1 -> new Command(Command.Kind.READ_LOCK, time, "t", key, owner, session, 0, waiter);
            case 2 -> new Command(Command.Kind.WRITE_LOCK, time, "t", key, owner, session, 0, waiter);
            case 3 -> new Command(Command.Kind.UNLOCK_READ, time, "t", key, owner, null, 0, 0);
            case 4 -> new Command(Command.Kind.UNLOCK_WRITE, time, "t", key, owner, null, 0, 0);
            case 5, 6 -> Command.acquirePermits(time, "t", key, owner, 1 + random.nextInt(4), 3, session, waiter);
            case 7 -> new Command(Command.Kind.RELEASE_PERMITS, time, "t", key, owner, null, random.nextInt(2), 0);
            case 8 -> new Command(Command.Kind.JOIN_LEADERSHIP, time, "leadership", key, owner, session, 0, waiter);
            case 9 -> new Command(Command.Kind.LEAVE_LEADERSHIP, time, "leadership", key, owner, null, 0, 0);
            case 10 -> new Command(Command.Kind.WITHDRAW_READ_WRITE, time, "t", key, owner, session, 0, earlier);
            case 11 -> new Command(Command.Kind.WITHDRAW_PERMITS, time, "t", key, owner, session, 0, earlier);
            case 12 -> new Command(Command.Kind.WITHDRAW_LEADERSHIP, time, "leadership", key, owner, session, 0,
                    earlier);
            case 13 -> new Command(Command.Kind.FORCE_RELEASE_READ_WRITE, time, "t", key, null, null, 0,
                    random.nextBoolean() ? 0 : earlier);
            case 14 -> new Command(random.nextBoolean() ? Command.Kind.FORCE_RELEASE_PERMITS
                    : Command.Kind.REVOKE_LEADERSHIP, time, random.nextBoolean() ? "t" : "leadership", key, null,
                    null, 0, random.nextBoolean() ? 0 : earlier);
            default -> new Command(Command.Kind.SET_CAPACITY, time, "t", key, null, null, 1 + random.nextInt(4), 0);
        };
    }
}
