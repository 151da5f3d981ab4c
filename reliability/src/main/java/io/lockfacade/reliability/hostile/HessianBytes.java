package io.lockfacade.reliability.hostile;

import com.caucho.hessian.io.Hessian2Output;
import com.caucho.hessian.io.SerializerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Writes Hessian 2 bytes the way a client would, or any way at all, for requests no real proxy sends. */
public final class HessianBytes {

    private HessianBytes() {
    }

    /** Something written to a Hessian output. */
    @FunctionalInterface
    public interface Writing {
        void writeTo(Hessian2Output out) throws IOException;
    }

    /** @return a call as Caucho's proxy writes it ({@code H 2 0 C method argc args}) */
    public static byte[] call(String method, Object... args) {
        return write(out -> out.call(method, args));
    }

    /** @return the header of a call, {@code H 2 0 C method argc}, to which raw argument bytes can be appended */
    public static byte[] callHeader(String method, int argc) {
        return write(out -> {
            out.writeVersion();
            out.startCall(method, argc);
        });
    }

    /** @return the bytes {@code writing} produced, with a serializer factory that lets anything be written */
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

    /** @return the arrays one after the other */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** @return {@code values} as bytes (each int taken modulo 256) */
    public static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    /** @return {@code count} copies of {@code value} */
    public static byte[] repeat(int value, int count) {
        byte[] out = new byte[count];
        java.util.Arrays.fill(out, (byte) value);
        return out;
    }
}
