package io.lockfacade.server.transport;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecretCheckTest {

    @Test
    void anOpenCheckAdmitsEveryRequest() {
        assertTrue(SecretCheck.open().admits(null));
        assertTrue(SecretCheck.open().admits("anything"));
        assertFalse(SecretCheck.open().isRequired());
    }

    @Test
    void admitsOnlyTheExactSecret() {
        SecretCheck check = SecretCheck.requiring("s3cr\u00e9t");
        assertTrue(check.admits("s3cr\u00e9t"));
        assertFalse(check.admits(null));
        assertFalse(check.admits(""));
        assertFalse(check.admits("s3cr"));
        assertFalse(check.admits("s3cr\u00e9t "));
        assertFalse(check.admits("S3CR\u00c9T"));
    }

    @Test
    void refusesAnEmptySecret() {
        assertThrows(IllegalArgumentException.class, () -> SecretCheck.requiring(""));
    }

    @Test
    void neverShowsTheSecret() {
        assertFalse(SecretCheck.requiring("hunter2").toString().contains("hunter2"));
    }
}
