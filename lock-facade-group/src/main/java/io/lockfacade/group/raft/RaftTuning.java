package io.lockfacade.group.raft;

import org.jgroups.conf.ProtocolConfiguration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Every setting of a member's JGroups stack and jgroups-raft log, in one place, with why: the stack itself is
 * {@code group-stack.xml} beside this class, and {@link #stackConfig} fills in its double-braced markers.
 *
 * <p>jgroups-raft elects a leader when the membership view changes, not when an election timer runs out, so the
 * failover time is how fast a dead or silent member leaves the view: at once for a crash (its connection closes),
 * after {@link #SILENCE_TIMEOUT} for a hung member or a cut network.
 */
public final class RaftTuning {

    /**
     * A member silent this long is suspected (JGroups' FD_ALL3). It bounds the failover after a hung leader or a
     * partition. With 1 s, three members starting in one cold JVM under a full build suspected each other falsely
     * and split for a few seconds; 1.5 s is eight times the longest garbage-collection pause seen on a loaded 2-vCPU
     * host (182 ms), and a hung leader is still replaced before the Java client gives up on it (2 s).
     */
    public static final Duration SILENCE_TIMEOUT = Duration.ofMillis(1500);

    /** How often each member tells the others it is alive; a fifth of {@link #SILENCE_TIMEOUT}. */
    public static final Duration HEARTBEAT = Duration.ofMillis(300);

    /**
     * How long a suspicion is checked (VERIFY_SUSPECT2) before the member is dropped: a member that answers in
     * this time stays. A crash costs this much plus one view change and one vote.
     */
    public static final Duration VERIFY_SUSPECT = Duration.ofMillis(200);

    /** How long the coordinator waits for votes before it asks again. */
    public static final Duration VOTE_TIMEOUT = Duration.ofMillis(300);

    /** How long a starting member looks for the others before it forms a group of its own (merged later). */
    public static final Duration JOIN_TIMEOUT = Duration.ofMillis(1000);

    /** How long a view change waits for the acknowledgements of the members in it. */
    public static final Duration VIEW_ACK_TIMEOUT = Duration.ofMillis(1000);

    /** Groups that lost sight of each other look for each other at a random interval in this range. */
    public static final Duration MERGE_MIN = Duration.ofMillis(1000);

    /** Upper end of the merge interval. */
    public static final Duration MERGE_MAX = Duration.ofMillis(3000);

    /** How long a connection attempt to a peer may take. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);

    /**
     * How long the leader's Raft thread must find no work before it resends entries a follower lacks (jgroups-raft
     * resends only when it is idle this long). A follower that missed the last entries of the old leader refuses
     * every new entry until the resend: with jgroups-raft's 1 s default, the first grants after a failover under
     * load waited a second for it.
     */
    public static final Duration RESEND = Duration.ofMillis(50);

    /**
     * How soon a member asks again for messages it missed (JGroups' NAKACK2 and UNICAST3; their default is 1 s). A
     * member that has just rejoined drops what others sent before their views agree, and the next view change and
     * vote wait for the retransmission: a leader killed 0.4 s after a member rejoined was replaced in 2.2 s instead
     * of 0.35 s.
     */
    public static final Duration RETRANSMIT = Duration.ofMillis(100);

    /**
     * The failure-detection socket listens on RAFT_PORT plus this offset (or one of the next
     * {@link #FD_SOCK_PORT_RANGE} ports): a crashed member's socket closes, and its neighbour knows at once.
     */
    public static final int FD_SOCK_OFFSET = 100;

    /** Ports tried after RAFT_PORT + {@link #FD_SOCK_OFFSET} when that one is taken. */
    public static final int FD_SOCK_PORT_RANGE = 10;

    /**
     * A snapshot is taken once this many bytes of entries are in the log (about 10,000 commands), so a restart
     * replays at most that much.
     */
    public static final long SNAPSHOT_AFTER_BYTES = 1_000_000;

    private static final String STACK_RESOURCE = "group-stack.xml";
    private static final Pattern MARKER = Pattern.compile("\\{\\{([A-Z_]+)}}");

    private RaftTuning() {
    }

    /**
     * @param topology the whole group
     * @param self     the member this stack is for: it binds to its host and Raft port
     * @param dataDir  where its log and snapshots live
     * @param fsync    whether an entry is forced to disk before it counts for commit
     * @return the JGroups XML configuration of {@code self}'s stack
     */
    public static String stackConfig(GroupTopology topology, GroupMemberAddress self, Path dataDir,
                                     FsyncPolicy fsync) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("HOST", self.host());
        values.put("RAFT_PORT", String.valueOf(self.raftPort()));
        values.put("CONNECT_TIMEOUT_MS", millis(CONNECT_TIMEOUT));
        values.put("INITIAL_HOSTS", topology.members().stream().map(m -> m.host() + "[" + m.raftPort() + "]")
                .collect(Collectors.joining(",")));
        values.put("MERGE_MIN_MS", millis(MERGE_MIN));
        values.put("MERGE_MAX_MS", millis(MERGE_MAX));
        values.put("FD_SOCK_OFFSET", String.valueOf(FD_SOCK_OFFSET));
        values.put("FD_SOCK_PORT_RANGE", String.valueOf(FD_SOCK_PORT_RANGE));
        values.put("SILENCE_TIMEOUT_MS", millis(SILENCE_TIMEOUT));
        values.put("HEARTBEAT_MS", millis(HEARTBEAT));
        values.put("VERIFY_SUSPECT_MS", millis(VERIFY_SUSPECT));
        values.put("JOIN_TIMEOUT_MS", millis(JOIN_TIMEOUT));
        values.put("VIEW_ACK_TIMEOUT_MS", millis(VIEW_ACK_TIMEOUT));
        values.put("VOTE_TIMEOUT_MS", millis(VOTE_TIMEOUT));
        values.put("MEMBERS", topology.members().stream().map(GroupMemberAddress::id)
                .collect(Collectors.joining(",")));
        values.put("SELF", self.id());
        values.put("DATA_DIR", dataDir.toAbsolutePath().toString());
        values.put("FSYNC", String.valueOf(fsync == FsyncPolicy.ALWAYS));
        values.put("SNAPSHOT_AFTER_BYTES", String.valueOf(SNAPSHOT_AFTER_BYTES));
        values.put("RESEND_MS", millis(RESEND));
        values.put("RETRANSMIT_MS", millis(RETRANSMIT));
        return fill(template(), values);
    }

    /**
     * Puts FD_SOCK where the stack has FD_SOCK2, listening on the same port (RAFT_PORT + {@link #FD_SOCK_OFFSET}).
     * FD_SOCK2 listens through NIO channels, which JGroups cannot wrap in TLS; FD_SOCK opens its sockets through the
     * transport's socket factory, so with TLS its port accepts only members, and a crashed member's connection
     * still closes at once.
     *
     * @param protocols the stack's configuration, changed in place
     * @param self      the member the stack is for
     */
    public static void useTlsFailureDetection(List<ProtocolConfiguration> protocols, GroupMemberAddress self) {
        for (int i = 0; i < protocols.size(); i++) {
            if (protocols.get(i).getProtocolName().equals("FD_SOCK2")) {
                Map<String, String> properties = new LinkedHashMap<>();
                properties.put("start_port", String.valueOf(self.raftPort() + FD_SOCK_OFFSET));
                properties.put("port_range", String.valueOf(FD_SOCK_PORT_RANGE));
                properties.put("client_bind_port", "0");
                properties.put("sock_conn_timeout", millis(CONNECT_TIMEOUT));
                protocols.set(i, new ProtocolConfiguration("FD_SOCK", properties));
                return;
            }
        }
        throw new IllegalStateException("the group stack has no FD_SOCK2 to replace");
    }

    static String fill(String template, Map<String, String> values) {
        Matcher marker = MARKER.matcher(template);
        StringBuilder filled = new StringBuilder();
        while (marker.find()) {
            String value = values.get(marker.group(1));
            if (value == null) {
                throw new IllegalStateException("no value for " + marker.group());
            }
            marker.appendReplacement(filled, Matcher.quoteReplacement(xmlAttribute(value)));
        }
        return marker.appendTail(filled).toString();
    }

    private static String xmlAttribute(String value) {
        return value.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
    }

    private static String template() {
        try (InputStream in = RaftTuning.class.getResourceAsStream(STACK_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(STACK_RESOURCE + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String millis(Duration duration) {
        return String.valueOf(duration.toMillis());
    }
}
