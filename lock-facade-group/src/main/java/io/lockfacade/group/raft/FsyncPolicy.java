package io.lockfacade.group.raft;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * When a member forces its Raft log to disk, relative to an entry counting for commit (the {@code --fsync} flag of a
 * group member). An entry is committed, and its call answered, once a majority of members count it as written.
 */
public enum FsyncPolicy {

    /**
     * An entry counts only once it is forced to disk ({@code log_use_fsync} of jgroups-raft's file log). The
     * entries the leader appends together share one force. A power loss of every host loses nothing that was
     * answered.
     */
    ALWAYS,

    /**
     * An entry counts once it is written to the operating system's page cache: a process crash loses nothing, but
     * a power loss or kernel crash of a majority can lose every entry answered since the kernel last wrote dirty
     * pages back (on Linux, within about 30 s by default).
     */
    OFF;

    /** The policy of a member started without the flag: the one that never loses an answered grant. */
    public static final FsyncPolicy DEFAULT = ALWAYS;

    /** @return the flag value naming this policy */
    public String flagValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param value a flag value: {@code always} or {@code off} (case-insensitive)
     * @return the policy it names
     * @throws IllegalArgumentException naming the accepted values, if it names none
     */
    public static FsyncPolicy parse(String value) {
        if (value != null) {
            for (FsyncPolicy policy : values()) {
                if (policy.flagValue().equalsIgnoreCase(value.trim())) {
                    return policy;
                }
            }
        }
        throw new IllegalArgumentException("unknown fsync policy '" + value + "': expected one of "
                + Arrays.stream(values()).map(FsyncPolicy::flagValue).collect(Collectors.joining(", ")));
    }
}
