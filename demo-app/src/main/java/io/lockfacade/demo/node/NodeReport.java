package io.lockfacade.demo.node;

import io.lockfacade.demo.locks.RemoteCalls;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one node did, sent to the launcher as one {@code name=value} line when the node finishes.
 *
 * @param node              the node's name
 * @param operations        operations finished (deposits, transfers, declined transfers)
 * @param deposits          deposits made
 * @param deposited         the amount deposited
 * @param transfers         transfers that moved money
 * @param declined          transfers refused for insufficient funds
 * @param timedOut          operations that gave up waiting for a lock
 * @param failed            operations that failed otherwise
 * @param writes            account writes made
 * @param fencingViolations writes that carried a smaller fencing token than the one they replaced
 * @param acquisitions      first-level lock acquisitions
 * @param remoteCalls       calls made to the master
 * @param elapsedMillis     how long the workload ran
 * @param firstGrantSince   the wall-clock time of the first grant after the instant the launcher asked about
 *                          ({@link NodeProtocol#FIRST_GRANT_SINCE}), or {@link #NO_GRANT}
 */
public record NodeReport(String node, long operations, long deposits, long deposited, long transfers, long declined,
                         long timedOut, long failed, long writes, long fencingViolations, long acquisitions,
                         RemoteCalls remoteCalls, long elapsedMillis, long firstGrantSince) {

    /** {@link #firstGrantSince()} when none was asked about, or none came. */
    public static final long NO_GRANT = -1;

    private static final char SEPARATOR = '=';
    private static final String FIELD_SEPARATOR = " ";

    /** @return the report as one line of {@code name=value} fields */
    public String toLine() {
        StringBuilder line = new StringBuilder();
        fields().forEach((name, value) -> line.append(line.isEmpty() ? "" : FIELD_SEPARATOR)
                .append(name).append(SEPARATOR).append(value));
        return line.toString();
    }

    /**
     * @param line a line made by {@link #toLine()}
     * @return the report
     * @throws IllegalArgumentException if a field is missing or malformed
     */
    public static NodeReport parse(String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : line.strip().split(FIELD_SEPARATOR)) {
            int separator = field.indexOf(SEPARATOR);
            if (separator <= 0) {
                throw new IllegalArgumentException("malformed report field \"" + field + "\" in: " + line);
            }
            fields.put(field.substring(0, separator), field.substring(separator + 1));
        }
        Fields f = new Fields(fields, line);
        return new NodeReport(f.text("node"), f.number("operations"), f.number("deposits"), f.number("deposited"),
                f.number("transfers"), f.number("declined"), f.number("timedOut"), f.number("failed"),
                f.number("writes"), f.number("fencingViolations"), f.number("acquisitions"),
                new RemoteCalls(f.number("remoteTryLock"), f.number("remoteUnlock"), f.number("remoteRenew"),
                        f.number("remoteIsLockTypeEmpty")),
                f.number("elapsedMillis"), f.number("firstGrantSince"));
    }

    private Map<String, Object> fields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("node", node);
        fields.put("operations", operations);
        fields.put("deposits", deposits);
        fields.put("deposited", deposited);
        fields.put("transfers", transfers);
        fields.put("declined", declined);
        fields.put("timedOut", timedOut);
        fields.put("failed", failed);
        fields.put("writes", writes);
        fields.put("fencingViolations", fencingViolations);
        fields.put("acquisitions", acquisitions);
        fields.put("remoteTryLock", remoteCalls.tryLock());
        fields.put("remoteUnlock", remoteCalls.unlock());
        fields.put("remoteRenew", remoteCalls.renew());
        fields.put("remoteIsLockTypeEmpty", remoteCalls.isLockTypeEmpty());
        fields.put("elapsedMillis", elapsedMillis);
        fields.put("firstGrantSince", firstGrantSince);
        return fields;
    }

    /** Reads named fields, failing with the whole line in the message. */
    private record Fields(Map<String, String> values, String line) {
        String text(String name) {
            String value = values.get(name);
            if (value == null) {
                throw new IllegalArgumentException("report lacks " + name + ": " + line);
            }
            return value;
        }

        long number(String name) {
            try {
                return Long.parseLong(text(name));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("report field " + name + " is not a number: " + line, e);
            }
        }
    }
}
