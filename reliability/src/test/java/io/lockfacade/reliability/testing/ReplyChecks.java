package io.lockfacade.reliability.testing;

import io.lockfacade.testsupport.hessian.HessianReplies;
import io.lockfacade.testsupport.http.RawHttp;

import java.io.IOException;
import java.util.List;

/** The checks every refused request's answer must pass: no leaked internals, a fault a correct client reads. */
public final class ReplyChecks {

    /** Text that betrays a stack trace or an internal class in a reply. */
    public static final List<String> LEAK_MARKERS = List.of("\tat ", "at io.", "at java.", "at org.", "at com.",
            "Caused by", "Exception:", "io.lockfacade.server", "org.eclipse.jetty", "com.caucho", "jakarta.servlet",
            "StrictHessian2Input", "HessianProtocolException");

    private ReplyChecks() {
    }

    /** @return the first leak marker the body contains, or {@code null} */
    public static String leak(byte[] body) {
        String text = RawHttp.text(body);
        return LEAK_MARKERS.stream().filter(text::contains).findFirst().orElse(null);
    }

    /**
     * Decodes a Hessian 2 reply with the client allow-list, as a correct client would.
     *
     * @return the exception a fault carries, or {@code null} if the reply is a value
     * @throws IOException if the reply cannot be decoded
     */
    public static Throwable fault(byte[] body) throws IOException {
        try {
            HessianReplies.read(body);
            return null;
        } catch (IOException e) {
            throw e;
        } catch (Throwable fault) {
            return fault;
        }
    }
}
