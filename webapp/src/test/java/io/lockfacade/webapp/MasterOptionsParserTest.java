package io.lockfacade.webapp;

import io.lockfacade.webapp.admin.AdminCredentials;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MasterOptionsParserTest {

    private static final String GENERATED = "generated-password";

    private static MasterOptions parse(Map<String, String> env, String... args) throws UsageException {
        return new MasterOptionsParser(env, () -> GENERATED).parse(List.of(args));
    }

    private static MasterOptions parse(String... args) throws UsageException {
        return parse(Map.of(), args);
    }

    private static String refusal(String... args) {
        return assertThrows(UsageException.class, () -> parse(args)).getMessage();
    }

    @Test
    void withoutFlagsUsesTheContractsDefaultsAndGeneratesAPassword() throws Exception {
        MasterOptions options = parse();
        assertEquals("127.0.0.1", options.host());
        assertEquals(8080, options.port());
        assertEquals(Duration.ofMinutes(10), options.defaultLease());
        assertEquals(Duration.ofSeconds(10), options.waitCap());
        assertNull(options.secret());
        assertEquals("admin", options.adminUser());
        assertEquals(GENERATED, options.adminPassword());
        assertTrue(options.adminPasswordGenerated());
    }

    @Test
    void readsEveryFlag() throws Exception {
        MasterOptions options = parse("--host", "0.0.0.0", "--port", "0", "--default-lease", "30s",
                "--wait-cap", "500ms", "--secret", "s", "--admin-user", "ops", "--admin-password", "pw");
        assertEquals("0.0.0.0", options.host());
        assertEquals(0, options.port());
        assertEquals(Duration.ofSeconds(30), options.defaultLease());
        assertEquals(Duration.ofMillis(500), options.waitCap());
        assertEquals("s", options.secret());
        assertEquals("ops", options.adminUser());
        assertEquals("pw", options.adminPassword());
        assertFalse(options.adminPasswordGenerated());
    }

    @Test
    void acceptsFlagEqualsValue() throws Exception {
        assertEquals(9090, parse("--port=9090").port());
        assertEquals("a=b", parse("--secret=a=b").secret());
    }

    @Test
    void environmentVariablesStandForSecretAndPassword() throws Exception {
        MasterOptions options = parse(Map.of(MasterOptionsParser.SECRET_ENV, "from-env",
                MasterOptionsParser.ADMIN_PASSWORD_ENV, "env-pw"));
        assertEquals("from-env", options.secret());
        assertEquals("env-pw", options.adminPassword());
        assertFalse(options.adminPasswordGenerated());
    }

    @Test
    void flagsWinOverEnvironmentVariables() throws Exception {
        MasterOptions options = parse(Map.of(MasterOptionsParser.SECRET_ENV, "from-env"), "--secret", "flag");
        assertEquals("flag", options.secret());
    }

    @Test
    void anEmptyEnvironmentVariableCountsAsUnset() throws Exception {
        assertNull(parse(Map.of(MasterOptionsParser.SECRET_ENV, "")).secret());
    }

    @Test
    void refusesUnknownFlagsAndStrayArguments() {
        assertEquals("unknown option --prot", refusal("--prot", "80"));
        assertEquals("unexpected argument \"8080\"", refusal("8080"));
    }

    @Test
    void refusesAFlagWithoutItsValue() {
        assertEquals("--port needs a value", refusal("--port"));
    }

    @Test
    void refusesARepeatedFlag() {
        assertEquals("--port given more than once", refusal("--port", "1", "--port", "2"));
    }

    @Test
    void refusesBadPorts() {
        assertTrue(refusal("--port", "http").startsWith("--port must be a number"));
        assertTrue(refusal("--port", "65536").startsWith("--port must be between 0 and 65535"));
        assertTrue(refusal("--port", "-1").startsWith("--port must be between"));
    }

    @Test
    void refusesBadDurationsNamingTheFlag() {
        assertTrue(refusal("--default-lease", "10").startsWith("--default-lease: \"10\" is not a duration"));
        assertTrue(refusal("--default-lease", "50ms").startsWith("--default-lease must be between 100ms and 24h"));
        assertTrue(refusal("--wait-cap", "25h").startsWith("--wait-cap must be between"));
    }

    @Test
    void refusesEmptyCredentials() {
        assertEquals("--secret must not be empty", refusal("--secret", ""));
        assertEquals("--admin-password must not be empty", refusal("--admin-password="));
        assertTrue(refusal("--admin-user", "a:b").startsWith("--admin-user"));
    }

    @Test
    void recognisesHelp() {
        assertTrue(MasterOptionsParser.wantsHelp(List.of("--port", "1", "--help")));
        assertFalse(MasterOptionsParser.wantsHelp(List.of("--port", "1")));
        assertTrue(MasterOptionsParser.USAGE.contains("--default-lease"));
    }

    @Test
    void optionsNeverShowSecrets() throws Exception {
        String shown = parse("--secret", "hunter2", "--admin-password", "swordfish").toString();
        assertFalse(shown.contains("hunter2") || shown.contains("swordfish"), shown);
    }

    @Test
    void theDefaultGeneratorMakesLongRandomPasswords() throws Exception {
        MasterOptions one = new MasterOptionsParser(Map.of(), AdminCredentials::generatePassword).parse(List.of());
        MasterOptions two = new MasterOptionsParser(Map.of(), AdminCredentials::generatePassword).parse(List.of());
        assertTrue(one.adminPassword().length() >= 20);
        assertFalse(one.adminPassword().equals(two.adminPassword()));
    }
}
