package io.lockfacade.group.raft;

/**
 * How many appends a member's Raft log has taken since it started, and how many entries they carried. With
 * {@link FsyncPolicy#ALWAYS} every append is one fsync, so {@link #entriesPerAppend()} is the entries that shared
 * one disk force: 1 means no group commit, more means requests that arrived together were forced together.
 *
 * @param appends appends (and with fsync on, forces) since start
 * @param entries entries those appends carried
 */
public record LogWrites(long appends, long entries) {

    /** No appends yet. */
    public static final LogWrites NONE = new LogWrites(0, 0);

    /** @return entries per append, 0 before the first */
    public double entriesPerAppend() {
        return appends == 0 ? 0 : (double) entries / appends;
    }

    /** @return what happened between {@code earlier} and this */
    public LogWrites since(LogWrites earlier) {
        return new LogWrites(appends - earlier.appends, entries - earlier.entries);
    }
}
