package io.lockfacade.webapp.admin;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsrfTokensTest {

    private static final Instant NOW = Instant.parse("2026-05-02T10:00:00Z");
    private static final byte[] KEY = filled(1);

    private static byte[] filled(int value) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) value);
        return key;
    }

    private static CsrfTokens at(Instant instant, byte[] key) {
        return new CsrfTokens(key, Clock.fixed(instant, ZoneOffset.UTC));
    }

    @Test
    void aTokenIssuedToAUserIsAcceptedForThatUser() {
        String token = at(NOW, KEY).issue("admin");
        assertTrue(at(NOW.plusSeconds(60), KEY).verify("admin", token));
    }

    @Test
    void aTokenIsRefusedForAnotherUserOrAnotherKey() {
        String token = at(NOW, KEY).issue("admin");
        assertFalse(at(NOW, KEY).verify("ops", token));
        assertFalse(at(NOW, filled(2)).verify("admin", token));
    }

    @Test
    void aTokenExpiresAfterItsLifetime() {
        String token = at(NOW, KEY).issue("admin");
        assertTrue(at(NOW.plus(CsrfTokens.LIFETIME), KEY).verify("admin", token));
        assertFalse(at(NOW.plus(CsrfTokens.LIFETIME).plusMillis(1), KEY).verify("admin", token));
    }

    @Test
    void aTokenFromTheFutureIsRefusedBeyondTheClockTolerance() {
        String token = at(NOW.plus(CsrfTokens.CLOCK_TOLERANCE).plus(Duration.ofSeconds(1)), KEY).issue("admin");
        assertFalse(at(NOW, KEY).verify("admin", token));
    }

    @Test
    void aTokenWithAnAlteredTimeOrMacIsRefused() {
        String token = at(NOW, KEY).issue("admin");
        int dot = token.indexOf('.');
        String laterTime = Long.toString(NOW.toEpochMilli() + 1, 36) + token.substring(dot);
        String otherMac = token.substring(0, dot + 1) + "A".repeat(token.length() - dot - 1);
        assertFalse(at(NOW, KEY).verify("admin", laterTime));
        assertFalse(at(NOW, KEY).verify("admin", otherMac));
    }

    @Test
    void malformedTokensAreRefused() {
        CsrfTokens tokens = at(NOW, KEY);
        for (String bad : new String[] {null, "", ".", "abc", ".abc", "zz!.abc", "x".repeat(500)}) {
            assertFalse(tokens.verify("admin", bad), String.valueOf(bad));
        }
        assertFalse(tokens.verify(null, tokens.issue("admin")));
    }

    @Test
    void aShortKeyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CsrfTokens(new byte[16], Clock.systemUTC()));
    }

    @Test
    void randomKeysDiffer() {
        assertFalse(CsrfTokens.withRandomKey().verify("admin", CsrfTokens.withRandomKey().issue("admin")));
    }
}
