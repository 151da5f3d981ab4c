package io.lockfacade.server.admin;

import java.util.Objects;

/**
 * What an operator asks of the lock listing.
 *
 * @param lockType    only locks of exactly this type, or all types when null or blank
 * @param keyContains only keys containing this text, or all keys when null or blank
 * @param sort        the row order
 * @param page        zero-based page number
 * @param pageSize    rows per page, 1 to {@link #MAX_PAGE_SIZE}
 */
public record LockQuery(String lockType, String keyContains, LockSort sort, int page, int pageSize) {

    /** Rows per page on the admin page. */
    public static final int DEFAULT_PAGE_SIZE = 100;

    /** Largest page a caller may ask for. */
    public static final int MAX_PAGE_SIZE = 1_000;

    /** Normalises blanks to "no filter" and checks the paging. */
    public LockQuery {
        lockType = blankToNull(lockType);
        keyContains = blankToNull(keyContains);
        Objects.requireNonNull(sort, "sort");
        if (page < 0) {
            throw new IllegalArgumentException("page must not be negative, was " + page);
        }
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be between 1 and " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
    }

    /** @return the first page of every lock, oldest first */
    public static LockQuery all() {
        return new LockQuery(null, null, LockSort.AGE, 0, DEFAULT_PAGE_SIZE);
    }

    boolean matches(String type, String key) {
        return (lockType == null || lockType.equals(type)) && (keyContains == null || key.contains(keyContains));
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
