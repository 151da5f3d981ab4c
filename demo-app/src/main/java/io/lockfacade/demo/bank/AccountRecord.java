package io.lockfacade.demo.bank;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one account file holds: the balance, how many writes produced it, and the fencing token of the last
 * write.
 *
 * <p>{@code writes} counts the read-modify-write cycles the file has seen: each write stores the count it read
 * plus one, so a write that overwrote another one's result without having read it (a <em>lost update</em>) shows
 * as a count smaller than the number of writes made.
 *
 * @param balance      the balance, in whole units
 * @param writes       how many writes produced this state
 * @param fencingToken the fencing token of the lock held by the last writer; 0 before the first write
 */
public record AccountRecord(long balance, long writes, long fencingToken) {

    private static final String BALANCE = "balance";
    private static final String WRITES = "writes";
    private static final String TOKEN = "token";
    private static final char SEPARATOR = '=';

    /** @return a fresh account with {@code balance} and no writes yet */
    public static AccountRecord opening(long balance) {
        return new AccountRecord(balance, 0, 0);
    }

    /**
     * @return the state after a write of {@code newBalance} under {@code token}, one write more than this one
     */
    public AccountRecord next(long newBalance, long token) {
        return new AccountRecord(newBalance, writes + 1, token);
    }

    /** @return the file's text: one {@code name=value} line per field */
    public String format() {
        return BALANCE + SEPARATOR + balance + "\n" + WRITES + SEPARATOR + writes + "\n" + TOKEN + SEPARATOR
                + fencingToken + "\n";
    }

    /**
     * @param lines the file's lines
     * @return the record they hold
     * @throws IllegalArgumentException if a field is missing or not a number
     */
    public static AccountRecord parse(List<String> lines) {
        Map<String, String> fields = new HashMap<>();
        for (String line : lines) {
            int separator = line.indexOf(SEPARATOR);
            if (separator > 0) {
                fields.put(line.substring(0, separator).strip(), line.substring(separator + 1).strip());
            }
        }
        return new AccountRecord(number(fields, BALANCE), number(fields, WRITES), number(fields, TOKEN));
    }

    private static long number(Map<String, String> fields, String name) {
        String text = fields.get(name);
        if (text == null) {
            throw new IllegalArgumentException("account record lacks " + name + ", fields were " + fields.keySet());
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("account record field " + name + " is not a number: " + text, e);
        }
    }
}
