package io.lockfacade.client.cluster;

import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterMain;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A master group of three member JVMs ({@link MasterMain} with {@code --node-id} and {@code --group}) on loopback
 * ports, each with its own data folder. Members can be killed, frozen and restarted on the same ports and data.
 */
final class GroupProcesses implements AutoCloseable {

    static final String ADMIN_PASSWORD = "group-chaos";
    static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    /** A member's heap: the table, jgroups-raft's log cache and JGroups' buffers. */
    private static final String MEMBER_HEAP = "-Xmx256m";
    private static final Duration LEADER_POLL = Duration.ofMillis(50);
    private static final Pattern LEADER = Pattern.compile("\"leader\":\"(n\\d+)\"");

    private final Path dataRoot;
    private final int[] httpPorts;
    private final String group;
    private final ChildJvm[] members;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private GroupProcesses(Path dataRoot, int size) throws IOException {
        this.dataRoot = dataRoot;
        this.httpPorts = new int[size];
        this.members = new ChildJvm[size];
        GroupTopology topology = GroupTopology.onOneHost("127.0.0.1", size);
        for (int i = 0; i < size; i++) {
            httpPorts[i] = topology.members().get(i).httpPort();
        }
        this.group = topology.toString();
    }

    /** Starts every member and waits until each serves HTTP (not for a leader). */
    static GroupProcesses start(Path dataRoot, int size) throws Exception {
        GroupProcesses processes = new GroupProcesses(dataRoot, size);
        try {
            for (int i = 0; i < size; i++) {
                processes.launch(i);
            }
            for (int i = 0; i < size; i++) {
                processes.awaitReady(i);
            }
        } catch (Exception | Error e) {
            processes.close();
            throw e;
        }
        return processes;
    }

    void launch(int i) throws IOException {
        members[i] = NodeJvms.start(id(i), MEMBER_HEAP, MasterMain.class, "--node-id", id(i), "--group", group,
                "--data-dir", dataRoot.resolve(id(i)).toString(), "--admin-password", ADMIN_PASSWORD);
    }

    void awaitReady(int i) throws InterruptedException, TimeoutException {
        members[i].awaitLine(line -> line.startsWith("  Hessian endpoint: "), START_TIMEOUT);
    }

    /** Restarts a stopped member on its ports and data, and waits until it serves HTTP. */
    void restart(int i) throws Exception {
        launch(i);
        awaitReady(i);
    }

    static String id(int i) {
        return "n" + (i + 1);
    }

    int size() {
        return members.length;
    }

    /** @return the comma-separated endpoints of every member, as a client is configured */
    String masterUrls() {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < members.length; i++) {
            urls.add(endpoint(i).toString());
        }
        return String.join(",", urls);
    }

    URI endpoint(int i) {
        return URI.create("http://127.0.0.1:" + httpPorts[i] + "/remoting/MemoryLockService");
    }

    ChildJvm member(int i) {
        return members[i];
    }

    /** @return the member every running member names as leader, waiting up to {@code timeout} */
    int awaitLeader(Duration timeout, int... excluded) throws InterruptedException {
        return Await.value(timeout, LEADER_POLL, () -> agreedLeader(excluded),
                () -> "no leader agreed on within " + timeout + views());
    }

    /** @return each member's leader and its last lines, for a failure message */
    private String views() {
        StringBuilder views = new StringBuilder();
        for (int i = 0; i < members.length; i++) {
            views.append('\n').append(id(i)).append(" names ").append(leaderNamedBy(i).map(GroupProcesses::id)
                    .orElse("none")).append("; last lines:\n").append(members[i].tail());
        }
        return views.toString();
    }

    private Optional<Integer> agreedLeader(int... excluded) {
        Integer leader = null;
        for (int i = 0; i < members.length; i++) {
            if (contains(excluded, i)) {
                continue;
            }
            Optional<Integer> named = leaderNamedBy(i);
            if (named.isEmpty() || (leader != null && !leader.equals(named.get())) || contains(excluded, named.get())) {
                return Optional.empty();
            }
            leader = named.get();
        }
        return Optional.ofNullable(leader);
    }

    /** @return the leader member {@code i} names in {@code /admin/api/group}, if it answers and knows one */
    Optional<Integer> leaderNamedBy(int i) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPorts[i]
                            + "/admin/api/group")).timeout(Duration.ofSeconds(5))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            ("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8))).GET().build();
            Matcher matcher = LEADER.matcher(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
            return matcher.find() ? Optional.of(Integer.parseInt(matcher.group(1).substring(1)) - 1)
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (ChildJvm member : members) {
            if (member != null) {
                member.close();
            }
        }
    }

    private static boolean contains(int[] values, int value) {
        for (int v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }

}
