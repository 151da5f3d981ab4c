package io.lockfacade.group.raft;

import org.apache.ratis.RaftConfigKeys;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.netty.NettyConfigKeys;
import org.apache.ratis.rpc.SupportedRpcType;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Every Ratis setting the master group changes from Ratis' defaults, in one place, with why (the measurements
 * are in the project's HA notes). Ratis logs each key it reads as {@code (custom)} or {@code (default)}.
 */
public final class RaftTuning {

    /** Shortest election timeout: Ratis' 150 ms made leaders step down during write bursts on 2 vCPUs. */
    public static final Duration ELECTION_TIMEOUT_MIN = Duration.ofMillis(300);

    /** Longest election timeout; a leader that hears from no majority this long steps down. */
    public static final Duration ELECTION_TIMEOUT_MAX = Duration.ofMillis(600);

    /**
     * How long a leader that lost its majority stays out of elections (Ratis' default is 10 s). When the only
     * other live member had the shorter log and so could not win, a leader starved of CPU for one election
     * timeout right after a failover kept the group leaderless for 10 s (4 of 27 crash trials under load). Twice
     * the longest election timeout still lets a cut-off ex-leader's peers elect one of their own first; pre-vote
     * keeps it from disrupting them after that.
     */
    public static final Duration STEP_DOWN_WAIT = ELECTION_TIMEOUT_MAX.multipliedBy(2);

    /** How long a linearizable read may wait for the leader to confirm its term. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(3);

    /** How long Ratis keeps a reply for a retried call id (each member uses a fresh call id per request). */
    public static final Duration RETRY_CACHE_EXPIRY = Duration.ofSeconds(10);

    /** A snapshot is taken after this many entries, so a restart replays at most this many. */
    public static final long SNAPSHOT_EVERY_ENTRIES = 10_000;

    /** Snapshot files kept on disk. */
    public static final int SNAPSHOTS_KEPT = 2;

    /** Largest log segment file. */
    public static final SizeInBytes SEGMENT_SIZE_MAX = SizeInBytes.valueOf("8MB");

    /** Space preallocated for a log segment. */
    public static final SizeInBytes PREALLOCATED_SIZE = SizeInBytes.valueOf("1MB");

    private RaftTuning() {
    }

    /**
     * @param self    the member these properties are for: Raft listens on its host and Raft port
     * @param dataDir where the log and snapshots live
     * @param fsync   when the log is forced to disk relative to an entry counting for commit
     * @return the properties for {@code self}'s Raft server
     */
    public static RaftProperties properties(GroupMemberAddress self, Path dataDir, FsyncPolicy fsync) {
        RaftProperties properties = new RaftProperties();
        // Netty, not Ratis' default gRPC: a restarted member rejoined in about 1 s against 5-7 s with gRPC.
        RaftConfigKeys.Rpc.setType(properties, SupportedRpcType.NETTY);
        NettyConfigKeys.Server.setHost(properties, self.host());
        NettyConfigKeys.Server.setPort(properties, self.raftPort());
        RaftServerConfigKeys.setStorageDir(properties, List.of(new File(dataDir.toFile().getAbsolutePath())));
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, millis(ELECTION_TIMEOUT_MIN));
        RaftServerConfigKeys.Rpc.setTimeoutMax(properties, millis(ELECTION_TIMEOUT_MAX));
        RaftServerConfigKeys.LeaderElection.setLeaderStepDownWaitTime(properties, millis(STEP_DOWN_WAIT));
        // Reads confirm leadership (ReadIndex): isLockTypeEmpty never answers from a deposed leader's state.
        RaftServerConfigKeys.Read.setOption(properties, RaftServerConfigKeys.Read.Option.LINEARIZABLE);
        RaftServerConfigKeys.Read.setTimeout(properties, millis(READ_TIMEOUT));
        RaftServerConfigKeys.RetryCache.setExpiryTime(properties, millis(RETRY_CACHE_EXPIRY));
        // An on-disk log (a memory log loses answered grants on a group restart), forced as --fsync says.
        RaftServerConfigKeys.Log.setUseMemory(properties, false);
        RaftServerConfigKeys.Log.setAsyncFlushEnabled(properties, fsync == FsyncPolicy.ASYNC);
        RaftServerConfigKeys.Log.setUnsafeFlushEnabled(properties, fsync == FsyncPolicy.OFF);
        // No commit-index entry after every commit (Ratis' log-metadata): with it, each command cost a second
        // entry, written, forced and replicated by every member, queued ahead of the next command. It only lets a
        // lone member apply up to the last commit it saw while no majority runs, when the group serves nothing;
        // with a majority back, the new leader's first entry commits (and applies) everything before it.
        RaftServerConfigKeys.Log.setLogMetadataEnabled(properties, false);
        // A follower appends on the thread that received the entries, as Ratis did before 3.2, instead of handing
        // each append to its server pool first: one thread wake-up fewer per replication round. Measured here on
        // three in-process members, alternating requests between two groups in one run: lock p50 2.20 ms against
        // 2.79 ms, unlock 1.69 ms against 2.33 ms.
        RaftServerConfigKeys.Log.setAppendEntriesComposeEnabled(properties, false);
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SEGMENT_SIZE_MAX);
        RaftServerConfigKeys.Log.setPreallocatedSize(properties, PREALLOCATED_SIZE);
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, SNAPSHOT_EVERY_ENTRIES);
        RaftServerConfigKeys.Snapshot.setRetentionFileNum(properties, SNAPSHOTS_KEPT);
        overrideFromSystemProperties(properties);
        return properties;
    }

    /** Any Ratis key given as a JVM system property ({@code -Draft.server...=value}) wins over the above. */
    private static void overrideFromSystemProperties(RaftProperties properties) {
        System.getProperties().stringPropertyNames().stream().filter(key -> key.startsWith("raft."))
                .forEach(key -> properties.set(key, System.getProperty(key)));
    }

    private static TimeDuration millis(Duration duration) {
        return TimeDuration.valueOf(duration.toMillis(), TimeUnit.MILLISECONDS);
    }
}
