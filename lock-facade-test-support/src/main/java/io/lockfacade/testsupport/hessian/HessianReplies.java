package io.lockfacade.testsupport.hessian;

import com.caucho.hessian.io.Hessian2Input;
import io.lockfacade.api.wire.AllowListSerializerFactory;
import io.lockfacade.testsupport.http.RawHttp;

import java.io.ByteArrayInputStream;
import java.io.IOException;

/** Hessian 2 replies decoded as a correct client decodes them. */
public final class HessianReplies {

    private HessianReplies() {
    }

    /**
     * Decodes a reply body with the client allow-list.
     *
     * @return the value the reply carries
     * @throws IOException if the body is not a Hessian 2 reply
     * @throws Throwable the fault's exception, as Caucho's reader throws it
     */
    public static Object read(byte[] body) throws Throwable {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        if (in.read() != 'H' || in.read() != 2 || in.read() != 0) {
            throw new IOException("not a Hessian 2 reply: " + RawHttp.text(body));
        }
        Hessian2Input input = new Hessian2Input(in);
        input.setSerializerFactory(AllowListSerializerFactory.forClient());
        return input.readReply(Object.class);
    }
}
