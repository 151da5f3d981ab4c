package io.lockfacade.testkit.group;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One member's answer to {@code GET /admin/api/group}, read as the contract writes it:
 * {@code {"self":"n1","leader":"n2","term":7,"members":[{"id":"n1","url":"http://HOST:PORT","role":"FOLLOWER"},...]}}.
 *
 * @param self   the member that answered
 * @param leader the leader it knows, or empty
 * @param term   its current term
 * @param roles  member id to role as far as it knows ({@code LEADER}, {@code FOLLOWER}, {@code CANDIDATE},
 *               {@code UNKNOWN}), in the answer's order
 */
public record GroupView(String self, Optional<String> leader, long term, Map<String, String> roles) {

    private static final Pattern SELF = Pattern.compile("\"self\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern LEADER = Pattern.compile("\"leader\"\\s*:\\s*(null|\"([^\"]+)\")");
    private static final Pattern TERM = Pattern.compile("\"term\"\\s*:\\s*(\\d+)");
    private static final Pattern MEMBER = Pattern.compile("\\{\\s*\"id\"\\s*:\\s*\"([^\"]+)\"\\s*,"
            + "\\s*\"url\"\\s*:\\s*\"[^\"]*\"\\s*,\\s*\"role\"\\s*:\\s*\"([A-Z]+)\"\\s*}");

    /**
     * @param json the body of the answer
     * @return the view
     * @throws IllegalArgumentException if the body does not have the contract's shape
     */
    public static GroupView parse(String json) {
        Matcher self = SELF.matcher(json);
        Matcher leader = LEADER.matcher(json);
        Matcher term = TERM.matcher(json);
        if (!self.find() || !leader.find() || !term.find()) {
            throw new IllegalArgumentException("not a group status: " + json);
        }
        Map<String, String> roles = new LinkedHashMap<>();
        Matcher member = MEMBER.matcher(json);
        while (member.find()) {
            roles.put(member.group(1), member.group(2));
        }
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("a group status without members: " + json);
        }
        return new GroupView(self.group(1), Optional.ofNullable(leader.group(2)), Long.parseLong(term.group(1)),
                Map.copyOf(roles));
    }

    /** @return whether the answering member believes it is the leader */
    public boolean selfIsLeader() {
        return leader.filter(self::equals).isPresent() && "LEADER".equals(roles.get(self));
    }
}
