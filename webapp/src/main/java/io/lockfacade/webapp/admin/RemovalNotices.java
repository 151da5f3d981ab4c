package io.lockfacade.webapp.admin;

import java.io.Serial;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Carries the outcome of a removal across the redirect that follows it (post, redirect, get), without a session:
 * the master keeps the notice under a random id and the redirect names the id ({@code ?notice=ID}).
 *
 * <p>Ids are 128 random bits, so a crafted link cannot show a made-up outcome. The store is bounded: the
 * {@value #CAPACITY} newest notices, each for {@link #TIME_TO_LIVE}; an unknown or expired id shows nothing.
 */
public final class RemovalNotices {

    /** Most notices kept. */
    public static final int CAPACITY = 256;

    /** How long a notice can be shown after the removal. */
    public static final Duration TIME_TO_LIVE = Duration.ofMinutes(10);

    private static final int ID_BYTES = 16;
    private static final int MAX_ID_LENGTH = 32;

    private final SecureRandom random = new SecureRandom();
    private final Clock clock;
    private final Map<String, Stored> notices = new LinkedHashMap<>() {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Stored> eldest) {
            return size() > CAPACITY;
        }
    };

    /** @param clock the clock notices age by */
    public RemovalNotices(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * @param notice the outcome to show after the redirect
     * @return the id to put in the redirect's {@code notice} parameter
     */
    public String put(Notice notice) {
        byte[] bytes = new byte[ID_BYTES];
        random.nextBytes(bytes);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        synchronized (notices) {
            notices.put(id, new Stored(notice, clock.millis()));
        }
        return id;
    }

    /**
     * @param id the id from the URL, or {@code null}
     * @return the notice, or {@code null} if the id is unknown, expired or malformed
     */
    public Notice find(String id) {
        if (id == null || id.length() > MAX_ID_LENGTH) {
            return null;
        }
        Stored stored;
        synchronized (notices) {
            stored = notices.get(id);
        }
        if (stored == null || clock.millis() - stored.createdMillis > TIME_TO_LIVE.toMillis()) {
            return null;
        }
        return stored.notice;
    }

    private record Stored(Notice notice, long createdMillis) {
    }
}
