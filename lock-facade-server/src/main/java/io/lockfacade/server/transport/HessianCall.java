package io.lockfacade.server.transport;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A decoded Hessian call: one of the contract's methods and its arguments, already of the declared types
 * ({@link String}, possibly {@code null}, or {@link Long}). Arguments are not yet checked against the limits: the
 * service does that.
 *
 * @param method    the method called
 * @param arguments one argument per {@linkplain RemoteMethod#parameters() parameter}, in order
 */
public record HessianCall(RemoteMethod method, List<Object> arguments) {

    /** Checks that the arguments match the method's parameters in number and type. */
    public HessianCall {
        if (arguments.size() != method.parameters().size()) {
            throw new IllegalArgumentException(method.wireName() + " takes " + method.parameters().size()
                    + " arguments, got " + arguments.size());
        }
        for (int i = 0; i < arguments.size(); i++) {
            Object value = arguments.get(i);
            boolean fits = switch (method.parameters().get(i).type()) {
                case STRING -> value == null || value instanceof String;
                case LONG -> value instanceof Long;
            };
            if (!fits) {
                throw new IllegalArgumentException("argument " + i + " of " + method.wireName()
                        + " has the wrong type");
            }
        }
        arguments = Collections.unmodifiableList(Arrays.asList(arguments.toArray()));
    }

    /**
     * @param index the argument's position
     * @return the string argument at that position, possibly {@code null}
     */
    public String string(int index) {
        return (String) arguments.get(index);
    }

    /**
     * @param index the argument's position
     * @return the long argument at that position
     */
    public long number(int index) {
        return (Long) arguments.get(index);
    }
}
