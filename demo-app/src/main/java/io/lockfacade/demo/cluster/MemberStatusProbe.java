package io.lockfacade.demo.cluster;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/**
 * Asks a master-group member for its view of the group, {@code GET /admin/api/group} with the admin credentials
 * (DESIGN.md, "The master group"), within a short timeout: a dead or starting member simply gives no answer.
 */
final class MemberStatusProbe {

    /** Where every member serves its view of the group. */
    static final String PATH = "/admin/api/group";
    /** Longest one question may take: members answer from memory in milliseconds. */
    static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final int OK = 200;
    private static final String LEADER_ROLE = "LEADER";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final JsonMapper json = JsonMapper.builder().build();
    private final String authorization;

    /**
     * @param adminUser     the members' admin user
     * @param adminPassword its password
     */
    MemberStatusProbe(String adminUser, String adminPassword) {
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((adminUser + ":" + adminPassword).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param member the member's {@code http://HOST:PORT/}
     * @return its view, or empty if it gave no well-formed answer within {@link #TIMEOUT}
     * @throws InterruptedException if interrupted while waiting for the answer
     */
    Optional<View> ask(URI member) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(member.resolve(PATH)).timeout(TIMEOUT)
                .header("Authorization", authorization).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == OK ? Optional.of(parse(response.body())) : Optional.empty();
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Reads the contract's {@code {"self":..,"leader":..,"term":..,"members":[{"id","url","role"}..]}}. */
    private View parse(String body) {
        JsonNode root = json.readTree(body);
        String self = root.path("self").asString();
        JsonNode leader = root.path("leader");
        if (self.isEmpty()) {
            throw new IllegalArgumentException("not a group status: " + body);
        }
        boolean selfLeads = false;
        for (JsonNode member : root.path("members")) {
            if (self.equals(member.path("id").asString())) {
                selfLeads = LEADER_ROLE.equals(member.path("role").asString());
            }
        }
        return new View(self, leader.isString() ? Optional.of(leader.asString()) : Optional.empty(),
                root.path("term").asLong(), selfLeads);
    }

    /**
     * One member's answer.
     *
     * @param self      the member that answered
     * @param leader    the leader it knows, if any
     * @param term      its current term
     * @param selfLeads whether it says it is the leader itself
     */
    record View(String self, Optional<String> leader, long term, boolean selfLeads) {

        /** @return whether this member leads and names itself leader */
        boolean leads() {
            return selfLeads && leader.filter(self::equals).isPresent();
        }
    }
}
