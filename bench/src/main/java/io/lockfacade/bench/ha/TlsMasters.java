package io.lockfacade.bench.ha;

import io.lockfacade.api.tls.Pkcs12Stores;
import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.testsupport.tls.TestPki;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A single master or a group of {@link HaLimits#MEMBERS} member JVMs from the same jar, with or without
 * {@code --tls-keystore}/{@code --tls-truststore}, for the TLS cost benchmark. Members keep their ports and data
 * across a crash and restart.
 */
final class TlsMasters implements AutoCloseable {

    private static final String REMOTING = "/remoting/MemoryLockService";
    private static final Pattern LEADER = Pattern.compile("\"leader\":\"(n\\d+)\"");
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(2);

    private final MasterJar jar;
    private final Path dir;
    private final TestPki ca;
    private final List<Integer> httpPorts = new ArrayList<>();
    private final List<List<String>> flags = new ArrayList<>();
    private final List<MemberJvm> members = new ArrayList<>();
    private final HttpClient admin;

    private TlsMasters(MasterJar jar, Path dir, TestPki ca) {
        this.jar = jar;
        this.dir = dir;
        this.ca = ca;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(ADMIN_TIMEOUT);
        if (ca != null) {
            ca.truststore();
            builder.sslContext(Pkcs12Stores.context(null, Pkcs12Stores.trustManager(truststore(), TestPki.PASSWORD)));
        }
        this.admin = builder.build();
    }

    /** Starts a single master; with {@code tls}, its certificate comes from a CA made in {@code dir}. */
    static TlsMasters single(MasterJar jar, Path dir, boolean tls) throws IOException {
        TlsMasters masters = new TlsMasters(jar, Files.createDirectories(dir), tls ? TestPki.create(dir, "ca") : null);
        int port = LoopbackPorts.reserve(HaLimits.HOST, 1).get(0);
        masters.httpPorts.add(port);
        masters.flags.add(List.of("--host", HaLimits.HOST, "--port", Integer.toString(port)));
        masters.startMember(0);
        return masters;
    }

    /** Starts a group of {@link HaLimits#MEMBERS} on loopback; with {@code tls}, mutual TLS between them. */
    static TlsMasters group(MasterJar jar, Path dir, boolean tls) throws IOException {
        TlsMasters masters = new TlsMasters(jar, Files.createDirectories(dir), tls ? TestPki.create(dir, "ca") : null);
        GroupTopology topology = GroupTopology.onOneHost(HaLimits.HOST, HaLimits.MEMBERS);
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            String id = topology.members().get(i).id();
            masters.httpPorts.add(topology.members().get(i).httpPort());
            masters.flags.add(List.of("--node-id", id, "--group", topology.toString(),
                    "--data-dir", Files.createDirectories(dir.resolve(id)).toString()));
        }
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            masters.startMember(i);
        }
        return masters;
    }

    /** Starts (or restarts after a crash) member {@code i}. */
    void startMember(int i) throws IOException {
        String name = "m" + (i + 1);
        List<String> args = new ArrayList<>(flags.get(i));
        Map<String, String> environment = Map.of();
        if (ca != null) {
            Path keystore = ca.issue(name + ".p12", "n" + (i + 1), "ip:" + HaLimits.HOST);
            args.addAll(List.of("--tls-keystore", keystore.toString(), "--tls-truststore", truststore().toString()));
            environment = Map.of("LOCKFACADE_TLS_KEYSTORE_PASSWORD", TestPki.PASSWORD,
                    "LOCKFACADE_TLS_TRUSTSTORE_PASSWORD", TestPki.PASSWORD);
        }
        MemberJvm member = MemberJvm.start(name, jar.command(args), environment, dir.resolve(name + ".log"));
        if (members.size() > i) {
            members.set(i, member);
        } else {
            members.add(member);
        }
    }

    /** @return every master's Hessian endpoint */
    List<String> endpoints() {
        return httpPorts.stream().map(port -> baseUrl(port) + REMOTING).toList();
    }

    /** @return the truststore a client needs, or empty without TLS */
    Optional<TlsStores> clientStores() {
        return ca == null ? Optional.empty() : Optional.of(new TlsStores(null, null, truststore(), TestPki.PASSWORD));
    }

    /** @return the index of the member every member names as leader, if they agree */
    Optional<Integer> agreedLeader() {
        String agreed = null;
        for (int port : httpPorts) {
            Optional<String> leader = leaderSeenOn(port);
            if (leader.isEmpty() || (agreed != null && !agreed.equals(leader.get()))) {
                return Optional.empty();
            }
            agreed = leader.get();
        }
        return Optional.of(Integer.parseInt(agreed.substring(1)) - 1);
    }

    /**
     * Starts again every member whose process has ended (a member started under heavy load can give up joining
     * and exit: its JOIN timed out, and the retry was refused as a duplicate of the first).
     *
     * @return how many were restarted
     */
    int restartEnded() throws IOException {
        int restarted = 0;
        for (int i = 0; i < members.size(); i++) {
            if (!members.get(i).isAlive()) {
                startMember(i);
                restarted++;
            }
        }
        return restarted;
    }

    /** SIGKILL of member {@code i}. */
    void crash(int i) {
        members.get(i).crash();
    }

    private Optional<String> leaderSeenOn(int port) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl(port) + "/admin/api/group"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (MasterJar.ADMIN_USER + ":" + jar.adminPassword()).getBytes(StandardCharsets.UTF_8)))
                .timeout(ADMIN_TIMEOUT).GET().build();
        try {
            Matcher leader = LEADER.matcher(admin.send(request, HttpResponse.BodyHandlers.ofString()).body());
            return leader.find() ? Optional.of(leader.group(1)) : Optional.empty();
        } catch (IOException down) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private Path truststore() {
        return dir.resolve("ca-trust.p12");
    }

    private String baseUrl(int port) {
        return (ca == null ? "http" : "https") + "://" + HaLimits.HOST + ":" + port;
    }

    @Override
    public void close() {
        members.forEach(MemberJvm::close);
    }
}
