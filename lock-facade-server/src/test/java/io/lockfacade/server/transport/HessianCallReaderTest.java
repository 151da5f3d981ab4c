package io.lockfacade.server.transport;

import io.lockfacade.testsupport.hessian.HessianCalls;
import io.lockfacade.testsupport.hostile.Tripwire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.BadAttributeValueExpException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class HessianCallReaderTest {

    private final HessianCallReader reader = new HessianCallReader();

    @Test
    void decodesTryLockWithItsFiveArguments() throws Exception {
        HessianCall call = reader.read(HessianCalls.call("tryLock", "orders", "42", "node-1", 30_000L, 0L));
        assertEquals(RemoteMethod.TRY_LOCK, call.method());
        assertEquals(Arrays.asList("orders", "42", "node-1", 30_000L, 0L), call.arguments());
    }

    @Test
    void decodesEveryOtherMethod() throws Exception {
        assertEquals(RemoteMethod.UNLOCK, reader.read(HessianCalls.call("unlock", "t", "k", "o")).method());
        assertEquals(RemoteMethod.RENEW, reader.read(HessianCalls.call("renew", "t", "k", "o", 500L)).method());
        assertEquals(RemoteMethod.IS_LOCK_TYPE_EMPTY, reader.read(HessianCalls.call("isLockTypeEmpty", "t")).method());
    }

    @Test
    void widensIntArgumentsToLong() throws Exception {
        HessianCall call = reader.read(HessianCalls.call("renew", "t", "k", "o", 500));
        assertEquals(500L, call.number(3));
    }

    @Test
    void keepsNullStringsForTheServiceToRefuse() throws Exception {
        HessianCall call = reader.read(HessianCalls.call("unlock", null, "k", "o"));
        assertEquals(null, call.string(0));
    }

    @Test
    void refusesAnUnknownMethod() {
        MalformedCallException refusal = assertThrows(MalformedCallException.class,
                () -> reader.read(HessianCalls.call("forceUnlockEverything", "t")));
        assertTrue(refusal.getMessage().startsWith("unknown method"), refusal.getMessage());
    }

    @Test
    void refusesAWrongNumberOfArguments() {
        MalformedCallException refusal = assertThrows(MalformedCallException.class,
                () -> reader.read(HessianCalls.call("unlock", "t", "k")));
        assertEquals("unlock takes 3 arguments, the call has 2", refusal.getMessage());
    }

    @Test
    void refusesAStringWhereANumberIsDeclared() {
        MalformedCallException refusal = assertThrows(MalformedCallException.class,
                () -> reader.read(HessianCalls.call("renew", "t", "k", "o", "soon")));
        assertEquals("renew: argument leaseMillis must be a number", refusal.getMessage());
    }

    @Test
    void refusesAnObjectOfAClassOutsideTheAllowListWithoutBuildingIt() {
        byte[] body = HessianCalls.callWithNamedType("isLockTypeEmpty", Tripwire.NAME);
        MalformedCallException refusal = assertThrows(MalformedCallException.class, () -> reader.read(body));
        assertEquals("isLockTypeEmpty: argument lockType must be a string", refusal.getMessage());
        assertFalse(Tripwire.Log.INITIALIZED.get(), "the refused class must not even be initialized");
    }

    @Test
    void refusesAnObjectInANumberPositionWithoutBuildingIt() {
        byte[] body = HessianCalls.callWithNamedType("renew", Tripwire.NAME, "t", "k", "o");
        assertThrows(MalformedCallException.class, () -> reader.read(body));
        assertFalse(Tripwire.Log.INITIALIZED.get(), "the refused class must not even be initialized");
    }

    @Test
    void refusesJdkGadgetTypes() {
        assertThrows(MalformedCallException.class,
                () -> reader.read(HessianCalls.call("renew", "t", "k", "o", new AtomicLong(5))));
        assertThrows(MalformedCallException.class, () -> reader.read(HessianCalls.call("isLockTypeEmpty",
                new BadAttributeValueExpException("x"))));
    }

    @Test
    void refusesAnUntypedMapOrList() {
        assertThrows(MalformedCallException.class,
                () -> reader.read(HessianCalls.call("isLockTypeEmpty", new java.util.HashMap<>())));
        assertThrows(MalformedCallException.class,
                () -> reader.read(HessianCalls.call("isLockTypeEmpty", new java.util.ArrayList<>(List.of("a")))));
    }

    @Test
    void refusesHugeDeclaredArraysWithoutAllocatingThem() {
        byte[] body = HessianCalls.write(out -> {
            out.writeVersion();
            out.startCall("isLockTypeEmpty", 1);
            out.writeListBegin(Integer.MAX_VALUE - 8, "[long");
        });
        assertThrows(MalformedCallException.class, () -> reader.read(body));
    }

    @Test
    void refusesDeeplyNestedListsWithoutRecursing() {
        byte[] body = HessianCalls.write(out -> {
            out.writeVersion();
            out.startCall("isLockTypeEmpty", 1);
            for (int i = 0; i < 60_000; i++) {
                out.writeListBegin(-1, null);
            }
        });
        assertThrows(MalformedCallException.class, () -> reader.read(body));
    }

    @Test
    void refusesDataAfterTheArguments() {
        byte[] call = HessianCalls.call("isLockTypeEmpty", "t");
        byte[] body = Arrays.copyOf(call, call.length + 1);
        body[call.length] = 'x';
        MalformedCallException refusal = assertThrows(MalformedCallException.class, () -> reader.read(body));
        assertEquals("isLockTypeEmpty: unexpected data after the arguments", refusal.getMessage());
    }

    @Test
    void refusesEveryTruncationOfAValidCall() {
        byte[] call = HessianCalls.call("tryLock", "orders", "42", "node-1", 30_000L, 1_000L);
        for (int length = 0; length < call.length; length++) {
            byte[] truncated = Arrays.copyOf(call, length);
            assertThrows(MalformedCallException.class, () -> reader.read(truncated), "length " + length);
        }
    }

    @Test
    void refusesBodiesThatAreNotHessian() {
        assertThrows(MalformedCallException.class, () -> reader.read(new byte[0]));
        assertThrows(MalformedCallException.class,
                () -> reader.read("{\"method\":\"tryLock\"}".getBytes(StandardCharsets.UTF_8)));
        assertThrows(MalformedCallException.class, () -> reader.read(new byte[] {'c', 1, 0, 'm', 0, 6}));
    }

    @Test
    void refusesRandomBytesWithoutAnyOtherException() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 2_000; i++) {
            byte[] body = new byte[random.nextInt(64)];
            random.nextBytes(body);
            if (i % 2 == 0 && body.length > 3) {
                body[0] = 'H';
                body[1] = 2;
                body[2] = 0;
                body[3] = 'C';
            }
            try {
                reader.read(body);
            } catch (MalformedCallException expected) {
                // the only failure allowed
            }
        }
    }
}
