package io.lockfacade.reliability.chaos;

import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.reliability.network.FaultyProxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * The client JVMs of a chaos run, each reaching the master through its own {@link FaultyProxy}, so that the network
 * can fail for all nodes or for one. Nodes are numbered in start order; odd ones hand grants off between their
 * threads (the default), even ones never do, so both release paths are exercised.
 */
final class NodeFleet implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final List<String> JVM_OPTIONS = List.of("-Xmx64m", "-Xss512k", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-Dorg.slf4j.simpleLogger.showDateTime=true");

    /** One node process and its path to the master. */
    record Node(String id, ChildJvm jvm, FaultyProxy proxy) {
    }

    private final ChaosSettings settings;
    private volatile int masterPort;
    private final int resourcePort;
    private final String secret;
    private final List<Node> live = new ArrayList<>();
    private final List<Node> all = new ArrayList<>();
    private int started;

    NodeFleet(ChaosSettings settings, int masterPort, int resourcePort, String secret) {
        this.settings = settings;
        this.masterPort = masterPort;
        this.resourcePort = resourcePort;
        this.secret = secret;
    }

    /** Starts {@code count} nodes and waits until each is ready. */
    List<Node> start(int count) throws InterruptedException {
        List<Node> fresh = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            started++;
            String id = "n" + started;
            int handoffs = started % 2 == 1 ? DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS : 0;
            FaultyProxy proxy = new FaultyProxy(new InetSocketAddress("127.0.0.1", masterPort));
            URI master = URI.create("http://127.0.0.1:" + proxy.port() + "/remoting/MemoryLockService");
            NodeConfig config = settings.nodeConfig(id, master, resourcePort, handoffs, settings.seed() + started);
            JavaCommand command = JavaCommand.mainClass(ChaosNode.class.getName(), config.toArgs())
                    .withJvmOptions(JVM_OPTIONS);
            ChildJvm jvm = startNode(id, command);
            fresh.add(new Node(id, jvm, proxy));
        }
        for (Node node : fresh) {
            try {
                node.jvm().awaitLine(line -> line.startsWith("READY"), READY_TIMEOUT);
            } catch (TimeoutException e) {
                throw new IllegalStateException("chaos node did not start: " + e.getMessage(), e);
            }
            live.add(node);
            all.add(node);
        }
        return fresh;
    }

    private ChildJvm startNode(String id, JavaCommand command) {
        try {
            return ChildJvm.launcher(id, command).environment(Map.of(NodeConfig.SECRET_ENV, secret))
                    .log(settings.logDir().resolve(id + ".log")).killedAtExit().start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start chaos node " + id, e);
        }
    }

    /** @return the nodes running now */
    List<Node> live() {
        return List.copyOf(live);
    }

    /** Crashes a node ({@code kill -9}); it is no longer live. */
    void kill(Node node) {
        node.jvm().kill();
        live.remove(node);
        node.proxy().close();
    }

    /** @return the proxies of the live nodes */
    List<FaultyProxy> proxies() {
        return live.stream().map(Node::proxy).toList();
    }

    /** Points every proxy, and those of nodes started later, at a master on {@code port}. */
    void retarget(int port) {
        masterPort = port;
        live.forEach(node -> node.proxy().retarget(new InetSocketAddress("127.0.0.1", port)));
    }

    /**
     * Tells every live node to stop (closes its standard input) and waits for them.
     *
     * @return node id to exit code; empty for a node that did not exit in time (it is then killed)
     */
    Map<String, Optional<Integer>> stopAll(Duration timeout) {
        for (Node node : live) {
            node.jvm().closeInput();
        }
        Map<String, Optional<Integer>> exits = new LinkedHashMap<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Node node : live) {
            Optional<Integer> exit = node.jvm().awaitExit(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            exits.put(node.id(), exit);
            if (exit.isEmpty()) {
                node.jvm().kill();
            }
        }
        live.clear();
        return exits;
    }

    /** @return every node started, for their logs */
    List<Node> all() {
        return List.copyOf(all);
    }

    @Override
    public void close() {
        all.forEach(node -> {
            node.jvm().close();
            node.proxy().close();
        });
    }
}
