package io.lockfacade.webapp.admin;

/**
 * Everything {@code confirm.jsp} shows: the lock (or lock type) about to be removed as it is now, the question,
 * and the form that confirms. When there is nothing left to remove, {@code notice} says so and the page offers
 * only the way back.
 *
 * @param forType   whether this confirms "remove all of this type" rather than one lock
 * @param type      the lock type
 * @param key       the key ({@code null} for a type)
 * @param lock      the lock as it is now, or {@code null} (a type, or a lock no longer held)
 * @param typeCount how many locks of the type are held now (for a type)
 * @param question  what is asked, or {@code null} when there is nothing to remove
 * @param notice    why there is nothing to remove, or that the lock changed hands; else {@code null}
 * @param csrfToken the token the form carries
 * @param backQuery the listing to return to, as a query string
 * @param backUrl   the listing to return to, as a URL
 */
public record ConfirmModel(boolean forType, String type, String key, LockRowView lock, int typeCount,
                           String question, Notice notice, String csrfToken, String backQuery, String backUrl) {
}
