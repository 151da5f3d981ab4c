package io.lockfacade.reliability.hostile;

import io.lockfacade.testsupport.hessian.HessianCalls;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** Raw byte pieces of hostile Hessian bodies: a bare call header, byte runs and their concatenation. */
public final class HessianBytes {

    private HessianBytes() {
    }

    /** @return the header of a call, {@code H 2 0 C method argc}, to which raw argument bytes can be appended */
    public static byte[] callHeader(String method, int argc) {
        return HessianCalls.write(out -> {
            out.writeVersion();
            out.startCall(method, argc);
        });
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
        Arrays.fill(out, (byte) value);
        return out;
    }
}
