package io.lockfacade.server.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.testsupport.hessian.HessianReplies;
import io.lockfacade.testsupport.http.RawHttp;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplyWriterTest {

    private final ReplyWriter writer = new ReplyWriter();

    @Test
    void encodesAGrantThatAClientWithTheStrictAllowListReads() throws Throwable {
        LockGrant grant = new LockGrant("orders", "42", "node-1", 7L, 30_000L);
        assertEquals(grant, HessianReplies.read(writer.encodeReply(grant)));
    }

    @Test
    void encodesBooleansAndNull() throws Throwable {
        assertEquals(Boolean.TRUE, HessianReplies.read(writer.encodeReply(true)));
        assertNull(HessianReplies.read(writer.encodeReply(null)));
    }

    @Test
    void aBadArgumentFaultReachesTheClientAsIllegalArgumentExceptionWithoutFramesOrCause() {
        IllegalArgumentException thrown = new IllegalArgumentException("key must not be empty");
        byte[] fault = writer.encodeFault(FaultSanitizer.badArgument(thrown));
        IllegalArgumentException received = assertThrows(IllegalArgumentException.class,
                () -> HessianReplies.read(fault));
        assertEquals("key must not be empty", received.getMessage());
        assertNull(received.getCause());
        assertEquals(0, received.getStackTrace().length);
        assertFalse(RawHttp.text(fault).contains("ReplyWriterTest"), "no frame of the thrower travels");
    }

    @Test
    void anInternalErrorFaultCarriesOnlyTheIncidentId() {
        byte[] fault = writer.encodeFault(FaultSanitizer.internalError("abc123"));
        IllegalStateException received = assertThrows(IllegalStateException.class,
                () -> HessianReplies.read(fault));
        assertTrue(received.getMessage().contains("abc123"));
        assertEquals(0, received.getStackTrace().length);
    }

    @Test
    void aMalformedCallFaultSaysWhyWithCodeProtocolException() {
        byte[] fault = writer.encodeFault(FaultSanitizer.malformedCall(new MalformedCallException("unknown method")));
        assertTrue(RawHttp.text(fault).contains(FaultSanitizer.PROTOCOL_EXCEPTION));
        IllegalStateException received = assertThrows(IllegalStateException.class,
                () -> HessianReplies.read(fault));
        assertEquals("Hessian call refused: unknown method", received.getMessage());
    }

    @Test
    void capsLongFaultMessages() {
        String longMessage = "x".repeat(FaultSanitizer.MAX_MESSAGE_LENGTH * 4);
        HessianFault fault = FaultSanitizer.badArgument(new IllegalArgumentException(longMessage));
        assertTrue(fault.message().length() <= FaultSanitizer.MAX_MESSAGE_LENGTH + "...".length());
    }
}
