package io.lockfacade.bench.node;

import com.caucho.hessian.io.Hessian2Input;
import com.caucho.hessian.io.Hessian2Output;
import io.lockfacade.api.wire.AllowListSerializerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Hessian 2 calls and replies as bytes, for clients that send calls asynchronously instead of through a blocking
 * proxy: one thread can then keep thousands of calls parked on the master.
 */
final class HessianCalls {

    private static final int REPLY_HEADER_LENGTH = 3;

    private HessianCalls() {
    }

    /** @return the body of a call of {@code method}, exactly as Caucho's proxy writes it */
    static byte[] call(String method, Object... args) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(buffer);
        try {
            out.call(method, args);
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /**
     * Decodes a reply with the client allow-list.
     *
     * @return the returned value
     * @throws IOException if the body is not a Hessian 2 reply, or carries a fault
     */
    static Object reply(byte[] body) throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        if (body.length < REPLY_HEADER_LENGTH || in.read() != 'H' || in.read() != 2 || in.read() != 0) {
            throw new IOException("not a Hessian 2 reply (" + body.length + " bytes)");
        }
        Hessian2Input input = new Hessian2Input(in);
        input.setSerializerFactory(AllowListSerializerFactory.forClient());
        try {
            return input.readReply(Object.class);
        } catch (IOException e) {
            throw e;
        } catch (Throwable fault) {
            throw new IOException("the master answered with a fault: " + fault, fault);
        }
    }
}
