package io.lockfacade.group.raft;

/**
 * How many appends a member's Raft log has taken since it started, how many entries they carried, and how many
 * commands the entries this member applied carried. With {@link FsyncPolicy#ALWAYS} every append is one fsync, so
 * {@link #entriesPerAppend()} is the entries that shared one disk force; an entry may be a batch of commands that
 * reached the leader together ({@link GroupCommit}), so {@link #commandsPerEntry()} is the requests that shared one
 * entry. Their product is the requests one fsync served.
 *
 * @param appends  appends (and with fsync on, forces) since start
 * @param entries  entries those appends carried
 * @param commands commands carried by the entries this member applied (counted when applied, so over a window
 *                 with entries still on their way the ratio is approximate)
 */
public record LogWrites(long appends, long entries, long commands) {

    /** No appends yet. */
    public static final LogWrites NONE = new LogWrites(0, 0, 0);

    /** @return entries per append, 0 before the first */
    public double entriesPerAppend() {
        return appends == 0 ? 0 : (double) entries / appends;
    }

    /** @return commands per entry, 0 before the first */
    public double commandsPerEntry() {
        return entries == 0 ? 0 : (double) commands / entries;
    }

    /** @return commands per append: the requests one fsync served (with fsync on), 0 before the first append */
    public double commandsPerAppend() {
        return appends == 0 ? 0 : (double) commands / appends;
    }

    /** @return what happened between {@code earlier} and this */
    public LogWrites since(LogWrites earlier) {
        return new LogWrites(appends - earlier.appends, entries - earlier.entries, commands - earlier.commands);
    }

    /** @return these counts with the applied commands set */
    LogWrites withCommands(long applied) {
        return new LogWrites(appends, entries, applied);
    }
}
