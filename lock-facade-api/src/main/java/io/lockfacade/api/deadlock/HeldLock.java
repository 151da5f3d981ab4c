package io.lockfacade.api.deadlock;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A lock the calling thread holds while it waits on the master for another one, under the grant with
 * {@code fencingToken}. The master counts it as held by that thread only while its current grant of the lock still
 * carries that token.
 *
 * <p>On the wire a list of them is one string ({@link #encode}, {@link #decode}): one line per lock, its type, key
 * and token separated by tabs. Types and keys never hold control characters, so the text is unambiguous.
 *
 * @param lockType     the lock's type
 * @param key          the lock's key
 * @param fencingToken the token of the grant the thread holds
 */
public record HeldLock(String lockType, String key, long fencingToken) {

    /** Most locks one waiting call may name; a thread holding more names only this many (fewer claims only hide). */
    public static final int MAX_PER_CALL = 64;

    private static final String FIELD = "\t";
    private static final String LINE = "\n";
    private static final String ARGUMENT = "heldLocks";

    /** @throws IllegalArgumentException if a name breaks the contract's limits or the token is not positive */
    public HeldLock {
        LockArguments.requireName("lockType", lockType);
        LockArguments.requireName("key", key);
        if (fencingToken <= 0 || fencingToken >= LockLimits.FENCING_TOKEN_BOUND) {
            throw new IllegalArgumentException(ARGUMENT + ": a fencing token is positive and below 2^53, was "
                    + fencingToken);
        }
    }

    /**
     * @return the wire text of the locks, at most {@link #MAX_PER_CALL}
     * @throws IllegalArgumentException if there are more
     */
    public static String encode(List<HeldLock> locks) {
        requireAtMostMax(locks.size(), ARGUMENT);
        return locks.stream().map(lock -> lock.lockType + FIELD + lock.key + FIELD + lock.fencingToken)
                .collect(Collectors.joining(LINE));
    }

    /**
     * @param text the wire text; empty for none
     * @return the locks it names
     * @throws IllegalArgumentException naming {@code heldLocks} if the text is null, malformed or names too many
     */
    public static List<HeldLock> decode(String text) {
        return decode(text, ARGUMENT);
    }

    /**
     * {@link #decode(String)} for another argument that carries the same list.
     *
     * @throws IllegalArgumentException naming {@code argument} if the text is null, malformed or names too many
     */
    public static List<HeldLock> decode(String text, String argument) {
        if (text == null) {
            throw new IllegalArgumentException(argument + " must not be null");
        }
        if (text.isEmpty()) {
            return List.of();
        }
        String[] lines = text.split(LINE, -1);
        requireAtMostMax(lines.length, argument);
        List<HeldLock> locks = new ArrayList<>(lines.length);
        for (String line : lines) {
            String[] fields = line.split(FIELD, -1);
            if (fields.length != 3) {
                throw new IllegalArgumentException(argument + ": each line is TYPE<tab>KEY<tab>TOKEN");
            }
            try {
                locks.add(new HeldLock(fields[0], fields[1], Long.parseLong(fields[2])));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(argument + ": a fencing token is a whole number", e);
            }
        }
        return locks;
    }

    private static void requireAtMostMax(int count, String argument) {
        if (count > MAX_PER_CALL) {
            throw new IllegalArgumentException(argument + ": at most " + MAX_PER_CALL + " locks, was " + count);
        }
    }
}
