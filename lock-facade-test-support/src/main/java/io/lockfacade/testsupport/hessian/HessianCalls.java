package io.lockfacade.testsupport.hessian;

import com.caucho.hessian.io.Hessian2Output;
import com.caucho.hessian.io.SerializerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Hessian 2 call bodies written by hand, the way Caucho's proxy writes them or any other way, for tests. */
public final class HessianCalls {

    private HessianCalls() {
    }

    /** @return a call as Caucho's proxy writes it ({@code H 2 0 C method argc args}) */
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

    /**
     * Writes with a {@link Hessian2Output} whose serializer factory lets anything be written, serializable or not.
     *
     * @return the bytes {@code writing} produced
     * @throws UncheckedIOException if {@code writing} throws an {@link IOException}
     */
    public static byte[] write(Writing writing) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(buffer);
        SerializerFactory permissive = new SerializerFactory();
        permissive.setAllowNonSerializable(true);
        out.setSerializerFactory(permissive);
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
