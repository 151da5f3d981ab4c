package io.lockfacade.webapp.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;
import java.util.Objects;

/**
 * The admin page's user and password, and the check of an HTTP Basic {@code Authorization} header against them.
 *
 * <p>User and password are compared as SHA-256 digests with {@link MessageDigest#isEqual}, both always, so the
 * answer takes the same time whatever was presented. The password is never shown by {@link #toString()}.
 */
public final class AdminCredentials {

    private static final String BASIC_PREFIX = "basic ";
    private static final String DIGEST = "SHA-256";
    private static final int GENERATED_PASSWORD_BYTES = 18;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String user;
    private final byte[] userDigest;
    private final byte[] passwordDigest;

    /**
     * @param user     the user name, without {@code ':'}
     * @param password the password
     */
    public AdminCredentials(String user, String password) {
        this.user = Objects.requireNonNull(user, "user");
        this.userDigest = digest(user);
        this.passwordDigest = digest(Objects.requireNonNull(password, "password"));
    }

    /** @return a random password of 24 URL-safe characters (144 bits) */
    public static String generatePassword() {
        byte[] bytes = new byte[GENERATED_PASSWORD_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** @return the user name */
    public String user() {
        return user;
    }

    /**
     * @param authorization the request's {@code Authorization} header, or {@code null}
     * @return whether it carries this user and password in the Basic scheme
     */
    public boolean admits(String authorization) {
        if (authorization == null || !authorization.toLowerCase(Locale.ROOT).startsWith(BASIC_PREFIX)) {
            return false;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(BASIC_PREFIX.length()).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            return false;
        }
        boolean userMatches = MessageDigest.isEqual(userDigest, digest(decoded.substring(0, colon)));
        boolean passwordMatches = MessageDigest.isEqual(passwordDigest, digest(decoded.substring(colon + 1)));
        return userMatches & passwordMatches;
    }

    @Override
    public String toString() {
        return "AdminCredentials[user=" + user + ", password=***]";
    }

    private static byte[] digest(String value) {
        try {
            return MessageDigest.getInstance(DIGEST).digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(DIGEST + " is missing from this JVM", e);
        }
    }
}
