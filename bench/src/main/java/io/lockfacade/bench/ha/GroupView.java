package io.lockfacade.bench.ha;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One member's answer to {@code GET /admin/api/group}: who it is and which member it takes for the leader
 * ({@code null} while none is known). Only the contract's fields the benchmark needs are read.
 *
 * @param self   the answering member's id
 * @param leader the leader's id, or {@code null}
 * @param term   the member's term
 */
record GroupView(String self, String leader, long term) {

    private static final Pattern SELF = Pattern.compile("\"self\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern LEADER = Pattern.compile("\"leader\"\\s*:\\s*(null|\"([^\"]+)\")");
    private static final Pattern TERM = Pattern.compile("\"term\"\\s*:\\s*(\\d+)");

    /**
     * Reads the contract's JSON.
     *
     * @throws IllegalArgumentException if a field is missing
     */
    static GroupView parse(String json) {
        String self = group(SELF, json, 1);
        Matcher leader = find(LEADER, json);
        return new GroupView(self, leader.group(2), Long.parseLong(group(TERM, json, 1)));
    }

    private static String group(Pattern pattern, String json, int group) {
        return find(pattern, json).group(group);
    }

    private static Matcher find(Pattern pattern, String json) {
        Matcher matcher = pattern.matcher(json);
        if (!matcher.find()) {
            throw new IllegalArgumentException("group status without " + pattern + ": " + json);
        }
        return matcher;
    }
}
