package io.lockfacade.server.transport;

import com.caucho.hessian.io.SerializerFactory;
import io.lockfacade.api.wire.AllowListSerializerFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a request body into a {@link HessianCall} of the contract, or refuses it.
 *
 * <p>Accepted: a Hessian 2 call ({@code H 2 0 C method argc args...}) of a {@link RemoteMethod}, with exactly the
 * declared number of arguments, each a string (or null) or a number as declared, and nothing after them but an
 * optional end marker. Everything else, including any argument that names a type, is refused with a
 * {@link MalformedCallException} whose message is safe to return to the caller. Call headers (Hessian 1) are not
 * supported. Thread-safe: the reader keeps no per-call state.
 */
public final class HessianCallReader {

    private static final int VERSION_TAG = 'H';
    private static final int MAJOR_VERSION = 2;
    private static final int VERSION_HEADER_LENGTH = 3;
    private static final int END_TAG = 'Z';

    private final SerializerFactory factory;

    /** Creates a reader configured with the master's allow-list ({@link AllowListSerializerFactory#forMaster()}). */
    public HessianCallReader() {
        this(AllowListSerializerFactory.forMaster());
    }

    /**
     * @param factory the serializer factory the Hessian input resolves named types with
     */
    public HessianCallReader(SerializerFactory factory) {
        this.factory = factory;
    }

    /**
     * Decodes one call.
     *
     * @param body the whole request body
     * @return the call, its arguments of the declared types
     * @throws MalformedCallException if the body is not exactly one well-formed call of the contract
     */
    public HessianCall read(byte[] body) throws MalformedCallException {
        if (body.length < VERSION_HEADER_LENGTH || body[0] != VERSION_TAG || body[1] != MAJOR_VERSION) {
            throw new MalformedCallException("not a Hessian 2 call");
        }
        BodyStream stream = new BodyStream(body, VERSION_HEADER_LENGTH);
        StrictHessian2Input in = new StrictHessian2Input(stream, factory);
        RemoteMethod method = readMethod(in);
        List<Object> arguments = readArguments(in, method);
        if (stream.overran()) {
            // Caucho's reader pads a value cut short with -1 instead of failing: catch it here.
            throw new MalformedCallException(method.wireName() + ": the call is truncated");
        }
        requireEnd(in, method);
        return new HessianCall(method, arguments);
    }

    private static RemoteMethod readMethod(StrictHessian2Input in) throws MalformedCallException {
        String name;
        try {
            in.readCall();
            name = in.readMethod();
        } catch (IOException | RuntimeException e) {
            throw new MalformedCallException("not a Hessian 2 call: no method name");
        }
        return RemoteMethod.byWireName(name)
                .orElseThrow(() -> new MalformedCallException("unknown method; the service has tryLock, unlock,"
                        + " renew and isLockTypeEmpty"));
    }

    private static List<Object> readArguments(StrictHessian2Input in, RemoteMethod method)
            throws MalformedCallException {
        int declared = method.parameters().size();
        int count;
        try {
            count = in.readMethodArgLength();
        } catch (IOException | RuntimeException e) {
            throw new MalformedCallException(method.wireName() + ": missing argument count");
        }
        if (count != declared) {
            throw new MalformedCallException(method.wireName() + " takes " + declared + " arguments, the call has "
                    + count);
        }
        List<Object> arguments = new ArrayList<>(declared);
        for (RemoteMethod.Parameter parameter : method.parameters()) {
            try {
                arguments.add(switch (parameter.type()) {
                    case STRING -> in.readString();
                    case LONG -> in.readLong();
                });
            } catch (IOException | RuntimeException e) {
                throw new MalformedCallException(method.wireName() + ": argument " + parameter.name() + " must be a "
                        + (parameter.type() == RemoteMethod.WireType.STRING ? "string" : "number"));
            }
        }
        return arguments;
    }

    private static void requireEnd(StrictHessian2Input in, RemoteMethod method) throws MalformedCallException {
        try {
            int next = in.read();
            if (next == END_TAG) {
                next = in.read();
            }
            if (next >= 0) {
                throw new MalformedCallException(method.wireName() + ": unexpected data after the arguments");
            }
        } catch (IOException e) {
            throw new MalformedCallException(method.wireName() + ": unreadable data after the arguments");
        }
    }

    /** The body after the version header, remembering whether a read went past its end. */
    private static final class BodyStream extends ByteArrayInputStream {

        private boolean overran;

        BodyStream(byte[] body, int offset) {
            super(body, offset, body.length - offset);
        }

        @Override
        public synchronized int read() {
            int next = super.read();
            overran |= next < 0;
            return next;
        }

        @Override
        public synchronized int read(byte[] buffer, int offset, int length) {
            int count = super.read(buffer, offset, length);
            overran |= count < 0;
            return count;
        }

        boolean overran() {
            return overran;
        }
    }
}
