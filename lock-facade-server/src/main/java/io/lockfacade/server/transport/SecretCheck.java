package io.lockfacade.server.transport;

import io.lockfacade.api.LockLimits;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * Decides whether a request may call the lock service: always, or only with the shared secret in the
 * {@value LockLimits#SECRET_HEADER} header.
 *
 * <p>The comparison takes the same time whatever the presented value: both sides are hashed with SHA-256 and the
 * digests compared with {@link MessageDigest#isEqual}, so neither the secret's content nor its length leaks
 * through timing. The secret itself is never logged nor shown by {@link #toString()}.
 */
public final class SecretCheck {

    private static final String DIGEST = "SHA-256";
    private static final SecretCheck OPEN = new SecretCheck(null);

    private final byte[] expectedDigest;

    private SecretCheck(byte[] expectedDigest) {
        this.expectedDigest = expectedDigest;
    }

    /** @return a check that admits every request (no secret configured) */
    public static SecretCheck open() {
        return OPEN;
    }

    /**
     * @param secret the shared secret clients must present
     * @return a check that admits only requests carrying it
     * @throws IllegalArgumentException if the secret is empty
     */
    public static SecretCheck requiring(String secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the shared secret must not be empty");
        }
        return new SecretCheck(digest(secret));
    }

    /** @return whether requests must carry the secret */
    public boolean isRequired() {
        return expectedDigest != null;
    }

    /**
     * @param presented the header's value, or {@code null} if absent
     * @return whether the request may proceed
     */
    public boolean admits(String presented) {
        if (expectedDigest == null) {
            return true;
        }
        // A missing header is hashed like an empty one (the secret is never empty), so it takes the same time.
        byte[] presentedDigest = digest(presented == null ? "" : presented);
        return MessageDigest.isEqual(expectedDigest, presentedDigest);
    }

    @Override
    public String toString() {
        return isRequired() ? "SecretCheck[required]" : "SecretCheck[open]";
    }

    private static byte[] digest(String value) {
        try {
            return MessageDigest.getInstance(DIGEST).digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(DIGEST + " is missing from this JVM", e);
        }
    }
}
