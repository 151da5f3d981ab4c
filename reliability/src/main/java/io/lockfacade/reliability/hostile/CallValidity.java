package io.lockfacade.reliability.hostile;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.transport.HessianCall;
import io.lockfacade.server.transport.HessianCallReader;
import io.lockfacade.server.transport.MalformedCallException;

/**
 * Tells whether a body is a call the master would carry out: one it decodes ({@link HessianCallReader}) with
 * arguments inside the contract's limits. A fuzzer uses it to throw away mutations that happen to be valid calls,
 * so that every body it sends must be refused.
 */
public final class CallValidity {

    private static final HessianCallReader READER = new HessianCallReader();

    private CallValidity() {
    }

    /** @return whether the master would act on {@code body} */
    public static boolean wouldBeExecuted(byte[] body) {
        HessianCall call;
        try {
            call = READER.read(body);
        } catch (MalformedCallException refused) {
            return false;
        }
        try {
            switch (call.method()) {
                case TRY_LOCK -> {
                    names(call);
                    LockArguments.requireLease(call.number(3));
                    LockArguments.requireWait(call.number(4));
                }
                case UNLOCK -> names(call);
                case RENEW -> {
                    names(call);
                    LockArguments.requireLease(call.number(3));
                }
                case IS_LOCK_TYPE_EMPTY -> LockArguments.requireName("lockType", call.string(0));
            }
            return true;
        } catch (IllegalArgumentException refused) {
            return false;
        }
    }

    private static void names(HessianCall call) {
        LockArguments.requireName("lockType", call.string(0));
        LockArguments.requireName("key", call.string(1));
        LockArguments.requireOwner(call.string(2));
    }
}
