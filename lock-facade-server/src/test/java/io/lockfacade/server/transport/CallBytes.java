package io.lockfacade.server.transport;

import com.caucho.hessian.io.Hessian2Output;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Hand-built Hessian 2 call bodies, well formed or not, for tests. */
public final class CallBytes {

    private CallBytes() {
    }

    /** @return a call as Caucho's proxy writes it */
    public static byte[] call(String method, Object... args) {
        return write(out -> out.call(method, args));
    }

    /**
     * A call whose arguments are the given strings followed by one object of a class named {@code typeName}, with a
     * single string field; the class itself is never loaded here.
     */
    public static byte[] callWithNamedType(String method, String typeName, String... leadingStrings) {
        return write(out -> {
            out.writeVersion();
            out.startCall(method, leadingStrings.length + 1);
            for (String value : leadingStrings) {
                out.writeString(value);
            }
            if (out.writeObjectBegin(typeName) == -1) {
                out.writeClassFieldLength(1);
                out.writeString("value");
                out.writeObjectBegin(typeName);
            }
            out.writeString("boom");
            out.completeCall();
        });
    }

    /** Writes with a Hessian2Output and returns the bytes. */
    public static byte[] write(Writing writing) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(buffer);
        try {
            writing.writeTo(out);
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /** Something written to a Hessian output. */
    @FunctionalInterface
    public interface Writing {
        /** @param out the output to write to */
        void writeTo(Hessian2Output out) throws IOException;
    }
}
