package io.lockfacade.group.raft;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every member of a master group, in the order {@code --group} lists them; the same list on every member.
 *
 * @param members the members, at least one, ids unique
 */
public record GroupTopology(List<GroupMemberAddress> members) {

    private static final Pattern MEMBER_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final int MAX_PORT = 65_535;
    private static final int MAX_MEMBERS = 9;

    /** Copies the list and checks it. */
    public GroupTopology {
        members = List.copyOf(members);
        if (members.isEmpty() || members.size() > MAX_MEMBERS) {
            throw new IllegalArgumentException("a group has 1 to " + MAX_MEMBERS + " members, not "
                    + members.size());
        }
        Set<String> ids = new HashSet<>();
        Set<String> endpoints = new HashSet<>();
        for (GroupMemberAddress member : members) {
            if (!ids.add(member.id())) {
                throw new IllegalArgumentException("member id " + member.id() + " appears twice in the group");
            }
            if (!endpoints.add(member.host() + ":" + member.httpPort())
                    || !endpoints.add(member.host() + ":" + member.raftPort())) {
                throw new IllegalArgumentException("member " + member.id() + " reuses a port of the group on "
                        + member.host());
            }
        }
    }

    /**
     * Parses {@code n1=HOST:HTTP_PORT:RAFT_PORT,n2=...}.
     *
     * @throws IllegalArgumentException naming the faulty entry if the text is not such a list
     */
    public static GroupTopology parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("--group needs n1=HOST:HTTP_PORT:RAFT_PORT,n2=...");
        }
        List<GroupMemberAddress> members = new ArrayList<>();
        for (String entry : text.split(",", -1)) {
            members.add(parseMember(entry.trim()));
        }
        return new GroupTopology(members);
    }

    /**
     * A group whose members all run on one host (a local group, the demo, tests): members {@code n1..nSIZE}, each
     * with an HTTP and a Raft port chosen by {@link LoopbackPorts}.
     *
     * @param host the address every member listens on, usually {@code 127.0.0.1}
     * @param size how many members
     * @throws java.io.UncheckedIOException if the host has too few free ports
     */
    public static GroupTopology onOneHost(String host, int size) {
        List<Integer> ports = LoopbackPorts.reserve(host, 2 * size);
        List<GroupMemberAddress> members = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            members.add(new GroupMemberAddress("n" + (i + 1), host, ports.get(2 * i), ports.get(2 * i + 1)));
        }
        return new GroupTopology(members);
    }

    private static GroupMemberAddress parseMember(String entry) {
        int equals = entry.indexOf('=');
        int raftColon = entry.lastIndexOf(':');
        int httpColon = raftColon < 0 ? -1 : entry.lastIndexOf(':', raftColon - 1);
        if (equals <= 0 || httpColon <= equals + 1) {
            throw new IllegalArgumentException("group entry '" + entry + "' is not ID=HOST:HTTP_PORT:RAFT_PORT");
        }
        String id = entry.substring(0, equals);
        if (!MEMBER_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("member id '" + id + "' must be 1 to 64 letters, digits, - or _");
        }
        String host = entry.substring(equals + 1, httpColon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new GroupMemberAddress(id, host, port(entry, entry.substring(httpColon + 1, raftColon)),
                port(entry, entry.substring(raftColon + 1)));
    }

    private static int port(String entry, String text) {
        try {
            int port = Integer.parseInt(text);
            if (port >= 1 && port <= MAX_PORT) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("group entry '" + entry + "' has port '" + text
                + "', which is not 1 to " + MAX_PORT);
    }

    /** @return the member with this id, if any */
    public Optional<GroupMemberAddress> member(String id) {
        return members.stream().filter(member -> member.id().equals(id)).findFirst();
    }

    /**
     * @return the member with this id
     * @throws IllegalArgumentException if the group has none
     */
    public GroupMemberAddress require(String id) {
        return member(id).orElseThrow(() -> new IllegalArgumentException("--node-id " + id
                + " is not a member of --group (members: " + members.stream().map(GroupMemberAddress::id).toList()
                + ")"));
    }

    /** @return {@code n1=HOST:HTTP_PORT:RAFT_PORT,...}, as {@link #parse} reads it */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (GroupMemberAddress member : members) {
            if (!text.isEmpty()) {
                text.append(',');
            }
            String host = member.host().indexOf(':') >= 0 ? "[" + member.host() + "]" : member.host();
            text.append(member.id()).append('=').append(host).append(':').append(member.httpPort()).append(':')
                    .append(member.raftPort());
        }
        return text.toString();
    }
}
