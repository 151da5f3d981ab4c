package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLimits;

/**
 * Names the owner (or permit holder) the master sees: {@code nodeId:threadName#threadId}. Node id and thread id make it unique;
 * the thread name, shortened to fit {@link LockLimits#MAX_NAME_LENGTH}, makes the admin page readable.
 */
public final class OwnerNames {

    private static final char NODE_SEPARATOR = ':';
    private static final char THREAD_ID_SEPARATOR = '#';

    private OwnerNames() {
    }

    /** @return the owner name of {@code thread} on node {@code nodeId} */
    static String of(String nodeId, Thread thread) {
        return of(nodeId, thread, "");
    }

    /**
     * @param tail added after the thread id (e.g. {@code /7} to tell one thread's acquisitions apart); at most 64
     *             characters
     * @return the owner name of {@code thread} on node {@code nodeId}, ending with {@code tail}
     */
    @SuppressWarnings("deprecation") // Thread.getId(): Thread.threadId() needs Java 19
    public static String of(String nodeId, Thread thread, String tail) {
        String suffix = THREAD_ID_SEPARATOR + Long.toString(thread.getId()) + tail;
        int room = LockLimits.MAX_NAME_LENGTH - nodeId.length() - 1 - suffix.length();
        String name = printable(thread.getName());
        return nodeId + NODE_SEPARATOR + (name.length() > room ? name.substring(0, room) : name) + suffix;
    }

    /**
     * Replaces control characters (which the master refuses in names) with {@code ?}. Runs on every acquisition,
     * so it scans first and copies only a name that needs it: a regular expression here cost 20 µs a call.
     */
    static String printable(String name) {
        int first = 0;
        while (first < name.length() && !Character.isISOControl(name.charAt(first))) {
            first++;
        }
        if (first == name.length()) {
            return name;
        }
        char[] chars = name.toCharArray();
        for (int i = first; i < chars.length; i++) {
            if (Character.isISOControl(chars[i])) {
                chars[i] = '?';
            }
        }
        return new String(chars);
    }
}
