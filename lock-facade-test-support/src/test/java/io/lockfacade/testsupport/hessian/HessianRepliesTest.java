package io.lockfacade.testsupport.hessian;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HessianRepliesTest {

    @Test
    void readsTheValueOfAReply() throws Throwable {
        byte[] reply = HessianCalls.write(out -> {
            out.startReply();
            out.writeString("granted");
            out.completeReply();
        });
        assertEquals("granted", HessianReplies.read(reply));
    }

    @Test
    void refusesABodyThatIsNotAHessianReply() {
        IOException refused = assertThrows(IOException.class,
                () -> HessianReplies.read("<html>".getBytes(StandardCharsets.US_ASCII)));
        assertTrue(refused.getMessage().contains("<html>"), refused.getMessage());
    }
}
