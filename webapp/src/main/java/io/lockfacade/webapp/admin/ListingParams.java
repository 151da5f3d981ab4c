package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.admin.LockQuery;
import io.lockfacade.server.admin.LockSort;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The listing's URL parameters, shared by the page and the JSON API: {@code type} (exact lock type), {@code q} (key
 * substring), {@code sort} ({@value #SORT_AGE} or {@value #SORT_LEASE}), {@code page} (from 1) and {@code size}
 * (rows per page, 1 to {@value LockQuery#MAX_PAGE_SIZE}, default {@value LockQuery#DEFAULT_PAGE_SIZE}).
 *
 * @param type the lock type filter, or {@code null} for all types
 * @param q    the key substring filter, or {@code null} for all keys
 * @param sort the row order
 * @param page the page number, from 1
 * @param size rows per page
 */
public record ListingParams(String type, String q, LockSort sort, int page, int size) {

    /** {@code sort} value for oldest grant first (the default). */
    public static final String SORT_AGE = "age";

    /** {@code sort} value for soonest expiry first. */
    public static final String SORT_LEASE = "lease";

    /** The first page's number. */
    public static final int FIRST_PAGE = 1;

    private static final Map<String, LockSort> SORTS = Map.of(SORT_AGE, LockSort.AGE, SORT_LEASE,
            LockSort.LEASE_REMAINING);
    private static final int ECHO_LIMIT = 40;
    private static final int MAX_QUERY_LENGTH = 4_096;

    /** @return the first page of everything, oldest first */
    public static ListingParams defaults() {
        return new ListingParams(null, null, LockSort.AGE, FIRST_PAGE, LockQuery.DEFAULT_PAGE_SIZE);
    }

    /**
     * Reads the parameters as sent; absent or blank ones take their defaults.
     *
     * @throws AdminRequestException (400) naming the first bad parameter and what it takes
     */
    public static ListingParams parse(String type, String q, String sort, String page, String size) {
        return new ListingParams(name("type", type), name("q", q), sort(sort),
                number("page", page, FIRST_PAGE, Integer.MAX_VALUE, FIRST_PAGE),
                number("size", size, 1, LockQuery.MAX_PAGE_SIZE, LockQuery.DEFAULT_PAGE_SIZE));
    }

    /**
     * Reads the listing a form carries back to (the query part of {@link #url}, after a removal); anything
     * unreadable gives the defaults, since the operator did not type it.
     *
     * @param query a form-encoded query string such as {@code type=order&page=2}, or {@code null}
     */
    public static ListingParams fromQuery(String query) {
        if (query == null || query.isBlank() || query.length() > MAX_QUERY_LENGTH) {
            return defaults();
        }
        try {
            Map<String, String> values = new HashMap<>();
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    values.putIfAbsent(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
                }
            }
            return parse(values.get("type"), values.get("q"), values.get("sort"), values.get("page"),
                    values.get("size"));
        } catch (AdminRequestException | IllegalArgumentException unreadable) {
            return defaults();
        }
    }

    /** @return the table query for these parameters */
    public LockQuery toQuery() {
        return new LockQuery(type, q, sort, page - FIRST_PAGE, size);
    }

    /** @return the {@code sort} parameter's value */
    public String sortName() {
        return sort == LockSort.LEASE_REMAINING ? SORT_LEASE : SORT_AGE;
    }

    /** @return whether a type or key filter is set */
    public boolean filtered() {
        return type != null || q != null;
    }

    /** @return these parameters on another page */
    public ListingParams onPage(int otherPage) {
        return new ListingParams(type, q, sort, otherPage, size);
    }

    /**
     * @param path the page or API path
     * @return the URL of this listing, defaults left out, every value form-encoded
     */
    public String url(String path) {
        String query = query();
        return query.isEmpty() ? path : path + "?" + query;
    }

    /** @return the query part of {@link #url}, without the {@code ?}; empty for the defaults */
    public String query() {
        StringJoiner query = new StringJoiner("&");
        append(query, "type", type);
        append(query, "q", q);
        append(query, "sort", sort == LockSort.AGE ? null : sortName());
        append(query, "page", page == FIRST_PAGE ? null : Integer.toString(page));
        append(query, "size", size == LockQuery.DEFAULT_PAGE_SIZE ? null : Integer.toString(size));
        return query.toString();
    }

    private static void append(StringJoiner query, String name, String value) {
        if (value != null) {
            query.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }

    private static String name(String parameter, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return LockArguments.requireName(parameter, value.strip());
        } catch (IllegalArgumentException bad) {
            throw AdminRequestException.badRequest(bad.getMessage());
        }
    }

    private static LockSort sort(String value) {
        if (value == null || value.isBlank()) {
            return LockSort.AGE;
        }
        LockSort sort = SORTS.get(value.strip().toLowerCase(Locale.ROOT));
        if (sort == null) {
            throw AdminRequestException.badRequest("sort must be \"" + SORT_AGE + "\" or \"" + SORT_LEASE
                    + "\", was " + echo(value));
        }
        return sort;
    }

    private static int number(String parameter, String value, int min, int max, int absent) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        String digits = value.strip();
        try {
            int number = Integer.parseInt(digits);
            if (number >= min && number <= max && digits.chars().allMatch(Character::isDigit)) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // answered below, like an out-of-range number
        }
        throw AdminRequestException.badRequest(parameter + " must be a whole number from " + min
                + (max == Integer.MAX_VALUE ? "" : " to " + max) + ", was " + echo(value));
    }

    static String echo(String value) {
        String shown = value.length() > ECHO_LIMIT ? value.substring(0, ECHO_LIMIT) + "..." : value;
        return LogText.quote(shown);
    }
}
