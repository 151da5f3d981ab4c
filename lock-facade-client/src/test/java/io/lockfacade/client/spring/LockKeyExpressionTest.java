package io.lockfacade.client.spring;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How {@link DistributeLocked} annotations are read and their SpEL keys evaluated; no lock, no Spring context. */
class LockKeyExpressionTest {

    private final DistributeLockedMethods methods = new DistributeLockedMethods();

    /** Annotated methods to read; never called. */
    @SuppressWarnings("unused")
    static class Samples {
        @DistributeLocked(type = "order", key = "#orderId")
        public void byName(String orderId) { }

        @DistributeLocked(type = "order", key = "#p0 + '/' + #a1")
        public void byPosition(String region, long number) { }

        @DistributeLocked(type = "transfer", key = "#from + '->' + #to")
        public void composed(String from, String to, long cents) { }

        @DistributeLocked(type = "order", key = "#id")
        public void converted(long id) { }

        @DistributeLocked(type = "order", key = "#order.id()")
        public void property(Order order) { }

        @DistributeLocked(type = "report", key = "#root.methodName")
        public void rootObject() { }

        @DistributeLocked(type = "report", key = "'nightly'")
        public void constant() { }

        @DistributeLocked(type = "order", key = "#orderId +")
        public void syntaxError(String orderId) { }

        @DistributeLocked(type = "order", key = "#orderID")
        public void unknownVariable(String orderId) { }

        @DistributeLocked(type = "order", key = "#p1")
        public void positionOutOfRange(String orderId) { }

        @DistributeLocked(type = "order", key = " ")
        public void blankExpression(String orderId) { }

        @DistributeLocked(type = "", key = "#orderId")
        public void emptyType(String orderId) { }

        @DistributeLocked(type = "order", key = "#orderId", waitMillis = -1)
        public void negativeWait(String orderId) { }

        @DistributeLocked(type = "order", key = "#orderId.substring(5)")
        public void failingEvaluation(String orderId) { }

        public void notLocked(String orderId) { }
    }

    /** An argument with a property the key reads. */
    record Order(String id) {
    }

    /** An interface carrying the annotation, and a class implementing it without repeating it. */
    interface Accounts {
        @DistributeLocked(type = "account", key = "#account")
        void deposit(String account, long cents);
    }

    /** Implements {@link Accounts#deposit}; never called. */
    static class AccountsImpl implements Accounts {
        @Override
        public void deposit(String account, long cents) {
        }
    }

    @Test
    void aParameterIsReachedByName() {
        assertEquals("A-17", key("byName", "A-17"));
    }

    @Test
    void parametersAreReachedByPositionAsPnOrAn() {
        assertEquals("eu/42", key("byPosition", "eu", 42L));
    }

    @Test
    void aKeyCanCombineSeveralArguments() {
        assertEquals("alice->bob", key("composed", "alice", "bob", 100L));
    }

    @Test
    void aNonStringValueIsConvertedToText() {
        assertEquals("42", key("converted", 42L));
    }

    @Test
    void aKeyCanNavigateIntoAnArgument() {
        assertEquals("o-9", key("property", new Order("o-9")));
    }

    @Test
    void theRootObjectOffersTheMethodName() {
        assertEquals("rootObject", key("rootObject"));
    }

    @Test
    void aQuotedLiteralIsAConstantKey() {
        assertEquals("nightly", key("constant"));
    }

    @Test
    void aNullKeyFailsTheCallNamingTheMethod() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> key("byName", (Object) null));

        assertMentions(failure, "Samples.byName(String)", "null", "#orderId");
    }

    @Test
    void anEmptyKeyFailsTheCallNamingTheMethod() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> key("byName", ""));

        assertMentions(failure, "Samples.byName(String)", "empty");
    }

    @Test
    void aKeyWithAControlCharacterBreaksTheContractsLimits() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> key("byName", "a\nb"));

        assertMentions(failure, "Samples.byName(String)", "control characters");
    }

    @Test
    void anEvaluationErrorNamesTheMethodAndTheExpression() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> key("failingEvaluation", "abc"));

        assertMentions(failure, "Samples.failingEvaluation(String)", "#orderId.substring(5)");
    }

    @Test
    void aSyntaxErrorIsFoundWhenTheMethodIsMatched() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> find("syntaxError", String.class));

        assertMentions(failure, "Samples.syntaxError(String)", "#orderId +", "does not parse");
    }

    @Test
    void aVariableNamingNoParameterIsFoundWhenTheMethodIsMatched() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> find("unknownVariable", String.class));

        assertMentions(failure, "Samples.unknownVariable(String)", "#orderID", "[orderId]");
    }

    @Test
    void aPositionBeyondTheParametersIsFoundWhenTheMethodIsMatched() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> find("positionOutOfRange", String.class));

        assertMentions(failure, "Samples.positionOutOfRange(String)", "#p1", "out of range");
    }

    @Test
    void aBlankExpressionIsRefused() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> find("blankExpression", String.class));

        assertMentions(failure, "Samples.blankExpression(String)", "empty");
    }

    @Test
    void anEmptyLockTypeIsRefused() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> find("emptyType", String.class));

        assertMentions(failure, "Samples.emptyType(String)", "type");
    }

    @Test
    void aNegativeWaitIsRefused() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> find("negativeWait", String.class));

        assertMentions(failure, "Samples.negativeWait(String)", "waitMillis");
    }

    @Test
    void aMethodWithoutTheAnnotationIsNotLocked() throws Exception {
        assertNull(methods.find(Samples.class.getMethod("notLocked", String.class), Samples.class));
    }

    @Test
    void anAnnotationOnTheInterfaceMethodApplies() throws Exception {
        LockedMethod locked = methods.find(Accounts.class.getMethod("deposit", String.class, long.class),
                AccountsImpl.class);

        assertEquals("account", locked.lockType());
        assertEquals("acc-1", locked.key(new Object[] {"acc-1", 5L}, new AccountsImpl(), AccountsImpl.class));
    }

    @Test
    void eachMethodIsReadOnceAndCached() throws Exception {
        assertSame(find("byName", String.class), find("byName", String.class));
    }

    @Test
    void theWaitDefaultsToTenSeconds() throws Exception {
        assertEquals(DistributeLocked.DEFAULT_WAIT_MILLIS, find("byName", String.class).waitTime().toMillis());
    }

    private String key(String methodName, Object... arguments) {
        Method method = Arrays.stream(Samples.class.getMethods())
                .filter(m -> m.getName().equals(methodName)).findFirst().orElseThrow();
        return methods.find(method, Samples.class).key(arguments, new Samples(), Samples.class);
    }

    private LockedMethod find(String methodName, Class<?>... parameterTypes) throws NoSuchMethodException {
        return methods.find(Samples.class.getMethod(methodName, parameterTypes), Samples.class);
    }

    private static void assertMentions(Throwable failure, String... parts) {
        for (String part : parts) {
            assertTrue(failure.getMessage().contains(part), () -> "\"" + part + "\" missing from: "
                    + failure.getMessage());
        }
    }
}
