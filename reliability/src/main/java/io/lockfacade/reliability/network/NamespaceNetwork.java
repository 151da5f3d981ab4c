package io.lockfacade.reliability.network;

import io.lockfacade.testkit.group.MemberNetwork;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A network of its own for each member of a group, so that a test can cut the links between members while every
 * member stays reachable from the test: one Linux network namespace per member, each with one address
 * ({@code 10.77.S.1}, {@code .2}, ... on its loopback), one veth pair per pair of members and one veth pair from
 * each member to the test's (root) namespace, which reaches the members from {@code 10.77.S.254}; {@code /32}
 * routes over each link, no bridge and no forwarding. S is picked per run among subnets no route or address of
 * this host uses, and every name carries a random tag, so a leftover of a crashed run cannot collide.
 *
 * <p>A cut link drops every packet silently in both directions (its two ends get a {@code pfifo} queue of length 0):
 * the peers see silence, as across a real partition, not the instant "network unreachable" of a link taken down.
 * The links to the root namespace are never cut: clients still reach an isolated member.
 *
 * <p>Needs root (or {@code CAP_SYS_ADMIN} and {@code CAP_NET_ADMIN}) and iproute2's {@code ip} and {@code tc}.
 * {@link #create} says why when it cannot create a namespace ({@link Unavailable}); any later failure is an error.
 * {@link #close} deletes what this network created, and only that (also from a shutdown hook if the test JVM ends
 * first); the processes started in the namespaces must be ended before.
 */
public final class NamespaceNetwork implements MemberNetwork, AutoCloseable {

    /** The first two octets of every member address. */
    private static final String ADDRESS_PREFIX = "10.77.";
    /** The host number of the root namespace's end in each subnet. */
    private static final int ROOT_HOST = 254;
    /** Highest third octet tried (the subnet of a run is {@code 10.77.S.0/24} with S in 1..this). */
    private static final int MAX_SUBNET = 250;
    private static final int SUBNET_TRIES = 50;
    /** Interface names are at most 15 characters: "lf", a 4-digit tag, then two member digits or 'r'. */
    private static final int MAX_MEMBERS = 9;
    private static final String NAME_PREFIX = "lf";
    private static final Set<NamespaceNetwork> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(NamespaceNetwork::close),
                "namespace-network-cleanup"));
    }

    private final String tag;
    private final String subnet;
    private final Map<String, Integer> numbers = new LinkedHashMap<>();
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> rootLinks = new ArrayList<>();
    private final Set<List<String>> cut = new LinkedHashSet<>();

    /** Namespaces cannot be created here: no {@code ip}, or not allowed. */
    public static final class Unavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unavailable(String reason) {
            super(reason);
        }
    }

    private NamespaceNetwork(List<String> ids, String tag, String subnet) {
        this.tag = tag;
        this.subnet = subnet;
        for (int i = 0; i < ids.size(); i++) {
            numbers.put(ids.get(i), i + 1);
        }
    }

    /**
     * Creates one namespace per member, fully connected, each reachable from this JVM's namespace.
     *
     * @param ids the members, at most {@value #MAX_MEMBERS}
     * @throws Unavailable           if the first namespace cannot be created (no iproute2, not root): the reason
     * @throws IllegalStateException if a later step fails; what was created is deleted
     */
    public static NamespaceNetwork create(List<String> ids) {
        if (ids.isEmpty() || ids.size() > MAX_MEMBERS || new LinkedHashSet<>(ids).size() != ids.size()) {
            throw new IllegalArgumentException("between 1 and " + MAX_MEMBERS + " distinct members, not " + ids);
        }
        IpCommand.Result version = IpCommand.runOrUnavailable("ip", "-V");
        if (!version.ok()) {
            throw new Unavailable("`ip -V` failed: " + version.output());
        }
        NamespaceNetwork network = new NamespaceNetwork(ids, freeTag(), freeSubnet());
        LIVE.add(network);
        try {
            network.build();
            return network;
        } catch (RuntimeException e) {
            network.close();
            throw e;
        }
    }

    @Override
    public String host(String id) {
        return subnet + number(id);
    }

    @Override
    public List<String> wrapper(String id) {
        return List.of("ip", "netns", "exec", namespace(id));
    }

    /** @return the address the test JVM reaches the members from */
    public String rootAddress() {
        return subnet + ROOT_HOST;
    }

    /** @return the namespace member {@code id} lives in */
    public String namespace(String id) {
        return "lockfacade-" + tag + "-" + id;
    }

    /**
     * Cuts the links between {@code isolated} and each of {@code others}, both directions; its link to the test's
     * namespace stays up.
     */
    public synchronized void partition(String isolated, Collection<String> others) {
        for (String other : others) {
            if (other.equals(isolated)) {
                throw new IllegalArgumentException(isolated + " cannot be cut from itself");
            }
            cutEnd(isolated, other);
            cutEnd(other, isolated);
        }
    }

    /** Restores every cut link. */
    public synchronized void heal() {
        for (List<String> end : List.copyOf(cut)) {
            IpCommand.require("tc", "-n", end.get(0), "qdisc", "del", "dev", end.get(1), "root");
            cut.remove(end);
        }
    }

    /** @return e.g. {@code 3 namespaces lockfacade-1a2b-n1.., 10.77.41.1-3, root 10.77.41.254} */
    public String describe() {
        return numbers.size() + " namespaces " + namespace("*") + ", " + subnet + "1-" + numbers.size() + ", root "
                + rootAddress();
    }

    /**
     * Deletes the links and namespaces this network created (a namespace's own links go with it). Idempotent;
     * never fails, since it runs in {@code finally} blocks and shutdown hooks.
     */
    @Override
    public synchronized void close() {
        for (String link : rootLinks) {
            IpCommand.runQuietly("ip", "link", "del", link);
        }
        rootLinks.clear();
        for (String namespace : namespaces) {
            IpCommand.runQuietly("ip", "netns", "del", namespace);
        }
        namespaces.clear();
        cut.clear();
        LIVE.remove(this);
    }

    private void build() {
        List<String> ids = List.copyOf(numbers.keySet());
        for (String id : ids) {
            String namespace = namespace(id);
            IpCommand.Result added = IpCommand.run("ip", "netns", "add", namespace);
            if (!added.ok()) {
                throw new Unavailable("cannot create a network namespace (`ip netns add` needs root): "
                        + added.output());
            }
            namespaces.add(namespace);
            IpCommand.require("ip", "-n", namespace, "link", "set", "lo", "up");
            IpCommand.require("ip", "-n", namespace, "addr", "add", host(id) + "/32", "dev", "lo");
            connectToRoot(id);
        }
        for (int i = 0; i < ids.size(); i++) {
            for (int j = i + 1; j < ids.size(); j++) {
                connect(ids.get(i), ids.get(j));
            }
        }
    }

    private void connectToRoot(String id) {
        String rootEnd = NAME_PREFIX + tag + "r" + number(id);
        String memberEnd = link(id, "r");
        IpCommand.require("ip", "link", "add", rootEnd, "type", "veth", "peer", "name", memberEnd, "netns",
                namespace(id));
        rootLinks.add(rootEnd);
        IpCommand.require("ip", "addr", "add", rootAddress() + "/32", "dev", rootEnd);
        IpCommand.require("ip", "link", "set", rootEnd, "up");
        IpCommand.require("ip", "-n", namespace(id), "link", "set", memberEnd, "up");
        IpCommand.require("ip", "route", "add", host(id) + "/32", "dev", rootEnd, "src", rootAddress());
        IpCommand.require("ip", "-n", namespace(id), "route", "add", rootAddress() + "/32", "dev", memberEnd,
                "src", host(id));
    }

    private void connect(String a, String b) {
        String aEnd = link(a, String.valueOf(number(b)));
        String bEnd = link(b, String.valueOf(number(a)));
        IpCommand.require("ip", "-n", namespace(a), "link", "add", aEnd, "type", "veth", "peer", "name", bEnd,
                "netns", namespace(b));
        IpCommand.require("ip", "-n", namespace(a), "link", "set", aEnd, "up");
        IpCommand.require("ip", "-n", namespace(b), "link", "set", bEnd, "up");
        IpCommand.require("ip", "-n", namespace(a), "route", "add", host(b) + "/32", "dev", aEnd, "src", host(a));
        IpCommand.require("ip", "-n", namespace(b), "route", "add", host(a) + "/32", "dev", bEnd, "src", host(b));
    }

    /** Drops everything {@code from} sends towards {@code to}, silently. */
    private void cutEnd(String from, String to) {
        List<String> end = List.of(namespace(from), link(from, String.valueOf(number(to))));
        if (cut.add(end)) {
            IpCommand.require("tc", "-n", end.get(0), "qdisc", "add", "dev", end.get(1), "root", "pfifo", "limit",
                    "0");
        }
    }

    /** @return the name of member {@code id}'s end of its link towards {@code towards} (a member digit or 'r') */
    private String link(String id, String towards) {
        return NAME_PREFIX + tag + number(id) + towards;
    }

    private int number(String id) {
        Integer number = numbers.get(id);
        if (number == null) {
            throw new IllegalArgumentException("no member " + id + " in " + numbers.keySet());
        }
        return number;
    }

    /** A 4-digit hex tag no namespace or link of this host carries yet. */
    private static String freeTag() {
        String namespaces = IpCommand.require("ip", "netns", "list");
        String links = IpCommand.require("ip", "-o", "link", "show");
        for (int attempt = 0; attempt < SUBNET_TRIES; attempt++) {
            String tag = String.format("%04x", ThreadLocalRandom.current().nextInt(1 << 16));
            if (!namespaces.contains("lockfacade-" + tag) && !links.contains(NAME_PREFIX + tag)) {
                return tag;
            }
        }
        throw new IllegalStateException("no free name tag found in " + SUBNET_TRIES + " tries");
    }

    /** A {@code 10.77.S.} prefix no address or route of this host uses yet. */
    private static String freeSubnet() {
        String used = IpCommand.require("ip", "-4", "-o", "addr", "show")
                + IpCommand.require("ip", "-4", "route", "show", "table", "all");
        for (int attempt = 0; attempt < SUBNET_TRIES; attempt++) {
            String candidate = ADDRESS_PREFIX + (1 + ThreadLocalRandom.current().nextInt(MAX_SUBNET)) + ".";
            if (!used.contains(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no free " + ADDRESS_PREFIX + "S.0/24 found in " + SUBNET_TRIES + " tries");
    }
}
