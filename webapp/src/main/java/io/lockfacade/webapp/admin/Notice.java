package io.lockfacade.webapp.admin;

import java.util.Objects;

/**
 * A message shown at the top of the admin page, and its kind.
 *
 * @param kind {@value #SUCCESS}, {@value #WARNING} or {@value #ERROR}; also the CSS class that colours it
 * @param text the message, plain text (the page escapes it)
 */
public record Notice(String kind, String text) {

    /** Something was done as asked. */
    public static final String SUCCESS = "success";

    /** Nothing was done, for a reason the operator should read (a stale row). */
    public static final String WARNING = "warning";

    /** The request failed. */
    public static final String ERROR = "error";

    /** Checks the kind. */
    public Notice {
        Objects.requireNonNull(text, "text");
        if (!SUCCESS.equals(kind) && !WARNING.equals(kind) && !ERROR.equals(kind)) {
            throw new IllegalArgumentException("unknown notice kind " + kind);
        }
    }

    /** @return a success notice */
    public static Notice success(String text) {
        return new Notice(SUCCESS, text);
    }

    /** @return a warning notice */
    public static Notice warning(String text) {
        return new Notice(WARNING, text);
    }
}
