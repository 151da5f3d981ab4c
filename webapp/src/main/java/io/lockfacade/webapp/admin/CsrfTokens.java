package io.lockfacade.webapp.admin;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;

/**
 * Stateless CSRF tokens for the admin page's forms: {@code ISSUED.MAC}, where {@code ISSUED} is the issue time
 * (epoch milliseconds, base 36) and {@code MAC} is HMAC-SHA256 over the admin user and that time, keyed with a
 * random key the master draws at start.
 *
 * <p>A page embeds a fresh token in each form; the master checks it on every POST. Another site can neither read
 * the token (the same-origin policy hides the page from it) nor compute one (it lacks the key), so a forged
 * cross-site form is refused. Tokens need no session, live {@link #LIFETIME}, and die with the master: after a
 * restart the operator reloads the page. Verification takes the same time whatever the token's MAC.
 */
public final class CsrfTokens {

    /** Name of the form field carrying the token. */
    public static final String FIELD = "_csrf";

    /** How long a token is accepted after it was issued. */
    public static final Duration LIFETIME = Duration.ofHours(12);

    /** How far in the future an issue time may lie (clock adjustments) before the token is refused. */
    public static final Duration CLOCK_TOLERANCE = Duration.ofMinutes(1);

    private static final String ALGORITHM = "HmacSHA256";
    private static final int KEY_BYTES = 32;
    private static final int TIME_RADIX = 36;
    private static final char SEPARATOR = '.';
    private static final int MAX_TOKEN_LENGTH = 128;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec key;
    private final Clock clock;

    /**
     * @param key   the HMAC key, at least {@value #KEY_BYTES} bytes
     * @param clock the clock tokens are issued and checked by
     */
    public CsrfTokens(byte[] key, Clock clock) {
        if (key.length < KEY_BYTES) {
            throw new IllegalArgumentException("the CSRF key must have at least " + KEY_BYTES + " bytes");
        }
        this.key = new SecretKeySpec(key.clone(), ALGORITHM);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return tokens keyed with a fresh random key, on the system clock */
    public static CsrfTokens withRandomKey() {
        byte[] key = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(key);
        return new CsrfTokens(key, Clock.systemUTC());
    }

    /**
     * @param user the admin user the page is rendered for
     * @return a token for that user, valid for {@link #LIFETIME}
     */
    public String issue(String user) {
        String issued = Long.toString(clock.millis(), TIME_RADIX);
        return issued + SEPARATOR + mac(user, issued);
    }

    /**
     * @param user  the admin user of the request
     * @param token the token the request carries, or {@code null}
     * @return whether this master issued the token to that user within its lifetime
     */
    public boolean verify(String user, String token) {
        if (user == null || token == null || token.length() > MAX_TOKEN_LENGTH) {
            return false;
        }
        int separator = token.indexOf(SEPARATOR);
        if (separator <= 0) {
            return false;
        }
        String issued = token.substring(0, separator);
        long issuedMillis;
        try {
            issuedMillis = Long.parseLong(issued, TIME_RADIX);
        } catch (NumberFormatException notATime) {
            return false;
        }
        long age = clock.millis() - issuedMillis;
        boolean fresh = age <= LIFETIME.toMillis() && age >= -CLOCK_TOLERANCE.toMillis();
        boolean authentic = MessageDigest.isEqual(mac(user, issued).getBytes(StandardCharsets.US_ASCII),
                token.substring(separator + 1).getBytes(StandardCharsets.US_ASCII));
        return fresh & authentic;
    }

    private String mac(String user, String issued) {
        try {
            Mac hmac = Mac.getInstance(ALGORITHM);
            hmac.init(key);
            hmac.update(user.getBytes(StandardCharsets.UTF_8));
            hmac.update((byte) 0);
            return ENCODER.encodeToString(hmac.doFinal(issued.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "CsrfTokens[key=***, lifetime=" + LIFETIME + "]";
    }
}
