package io.lockfacade.server.transport;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.server.service.ParkingLockService;
import io.lockfacade.server.service.ParkingPrimitiveService;
import io.lockfacade.server.table.Handout;

import java.util.concurrent.CompletableFuture;

/**
 * Dispatches the calls of {@link io.lockfacade.api.PrimitiveLockService} to the service's primitives: the ones that
 * may wait as futures, the others answered at once. A service without primitives answers every one of them with
 * {@link CallNotServedException}, never with a wrong answer.
 */
final class PrimitiveCalls {

    private final ParkingLockService service;

    PrimitiveCalls(ParkingLockService service) {
        this.service = service;
    }

    /** @return whether the method is one of the primitives' calls that may wait */
    static boolean mayWait(RemoteMethod method) {
        return switch (method) {
            case TRY_READ_LOCK_IN_SESSION, TRY_WRITE_LOCK_IN_SESSION, TRY_ACQUIRE_PERMITS, JOIN_LEADERSHIP,
                 TRY_READ_LOCK_IN_SESSION_HOLDING, TRY_WRITE_LOCK_IN_SESSION_HOLDING, TRY_ACQUIRE_PERMITS_HOLDING ->
                    true;
            default -> false;
        };
    }

    /**
     * @return the pending answer of a call that may wait
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    CompletableFuture<Handout> pending(HessianCall call) {
        ParkingPrimitiveService primitives = primitives(call.method());
        return switch (call.method()) {
            case TRY_READ_LOCK_IN_SESSION -> primitives.tryReadLockAsync(call.string(0), call.string(1),
                    call.string(2), call.string(3), call.number(4));
            case TRY_WRITE_LOCK_IN_SESSION -> primitives.tryWriteLockAsync(call.string(0), call.string(1),
                    call.string(2), call.string(3), call.number(4));
            case TRY_ACQUIRE_PERMITS -> primitives.tryAcquirePermitsAsync(call.string(0), call.string(1),
                    call.string(2), integer(call, 3), integer(call, 4), call.string(5), call.number(6));
            case TRY_READ_LOCK_IN_SESSION_HOLDING -> primitives.tryReadLockHoldingAsync(call.string(0),
                    call.string(1), call.string(2), call.string(3), call.number(4), call.string(5), call.number(6));
            case TRY_WRITE_LOCK_IN_SESSION_HOLDING -> primitives.tryWriteLockHoldingAsync(call.string(0),
                    call.string(1), call.string(2), call.string(3), call.number(4), call.string(5), call.number(6));
            case TRY_ACQUIRE_PERMITS_HOLDING -> primitives.tryAcquirePermitsHoldingAsync(call.string(0),
                    call.string(1), call.string(2), integer(call, 3), integer(call, 4), call.string(5),
                    call.number(6), call.string(7), call.number(8));
            case JOIN_LEADERSHIP -> primitives.joinLeadershipAsync(call.string(0), call.string(1), call.string(2),
                    call.number(3));
            default -> throw new IllegalStateException(call.method().wireName() + " does not wait");
        };
    }

    /**
     * @return the pending answer of {@code awaitReadWriteWaiter}
     * @throws IllegalArgumentException if an argument is outside the limits
     */
    CompletableFuture<Integer> awaitWaiter(HessianCall call) {
        return primitives(call.method()).awaitReadWriteWaiterAsync(call.string(0), call.string(1), call.string(2),
                call.number(3));
    }

    /** @return the answer of a call that does not wait */
    Object answer(HessianCall call) {
        ParkingPrimitiveService primitives = primitives(call.method());
        return switch (call.method()) {
            case UNLOCK_READ -> primitives.unlockRead(call.string(0), call.string(1), call.string(2));
            case UNLOCK_WRITE -> primitives.unlockWrite(call.string(0), call.string(1), call.string(2));
            case RELEASE_PERMITS -> primitives.releasePermits(call.string(0), call.string(1), call.string(2),
                    integer(call, 3));
            case AVAILABLE_PERMITS -> primitives.availablePermits(call.string(0), call.string(1));
            case LEAVE_LEADERSHIP -> primitives.leaveLeadership(call.string(0), call.string(1));
            case LEADERSHIP_EPOCH -> primitives.leadershipEpoch(call.string(0), call.string(1));
            default -> throw new IllegalStateException(call.method().wireName() + " is not a primitive's call");
        };
    }

    private ParkingPrimitiveService primitives(RemoteMethod method) {
        return service.primitives().orElseThrow(() -> new CallNotServedException(method.wireName()
                + " is not served by this master"));
    }

    /** @return an int argument; one outside the int range is refused naming the parameter */
    private static int integer(HessianCall call, int index) {
        long value = call.number(index);
        if (value != (int) value) {
            throw new IllegalArgumentException(call.method().parameters().get(index).name()
                    + " is out of range: " + value);
        }
        return (int) value;
    }
}
