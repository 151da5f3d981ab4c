package io.lockfacade.server.transport;

import com.caucho.hessian.io.Hessian2Input;
import com.caucho.hessian.io.HessianProtocolException;
import com.caucho.hessian.io.SerializerFactory;

import java.io.IOException;
import java.io.InputStream;

/**
 * A {@link Hessian2Input} that reads scalars only and never decodes an object graph.
 *
 * <p>When {@code readString} or {@code readLong} meet an unexpected tag, Caucho's reader decodes the whole value
 * anyway to describe it in the error message. That path builds arbitrary objects (only the allow-list stands in
 * the way), allocates arrays of any declared length ({@code new long[2^31-1]} from a dozen bytes), and recurses
 * once per nesting level (a stack overflow from 64 KiB of list openers). The contract's calls carry only strings
 * and numbers, so this reader refuses at the first unexpected tag, and refuses object reads outright; the
 * {@linkplain io.lockfacade.api.wire.AllowListSerializerFactory allow-list} it is configured with stays as a
 * second line of defence.
 */
final class StrictHessian2Input extends Hessian2Input {

    /**
     * @param in      the call's bytes after the {@code H 2 0} version header
     * @param factory the master's allow-list factory
     */
    StrictHessian2Input(InputStream in, SerializerFactory factory) {
        super(in);
        setSerializerFactory(factory);
    }

    @Override
    protected IOException expect(String expected, int tag) {
        return new HessianProtocolException(tag < 0
                ? "expected " + expected + " at end of call"
                : "expected " + expected + " at tag 0x" + Integer.toHexString(tag & 0xff));
    }

    @Override
    public Object readObject() throws IOException {
        throw new HessianProtocolException("objects are not accepted in calls");
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Object readObject(Class expectedClass) throws IOException {
        throw new HessianProtocolException("objects are not accepted in calls");
    }
}
