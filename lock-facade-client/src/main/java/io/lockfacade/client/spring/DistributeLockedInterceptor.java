package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockHandle;
import io.lockfacade.client.readwrite.ModeLock;
import io.lockfacade.client.readwrite.ReadWriteHandle;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.support.AopUtils;

import java.lang.reflect.Method;
import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a {@link DistributeLocked} method under its lock: computes the key, acquires, records the lock in
 * {@link LockContext}, proceeds, and releases whatever happens. See {@link DistributeLocked} for the failures.
 */
final class DistributeLockedInterceptor implements MethodInterceptor {

    private final Supplier<LockFacade> facade;
    private final DistributeLockedMethods methods;

    DistributeLockedInterceptor(Supplier<LockFacade> facade, DistributeLockedMethods methods) {
        this.facade = Objects.requireNonNull(facade, "facade");
        this.methods = Objects.requireNonNull(methods, "methods");
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        Object target = invocation.getThis();
        Class<?> targetClass = target == null ? null : AopUtils.getTargetClass(target);
        LockedMethod locked = methods.find(invocation.getMethod(), targetClass);
        if (locked == null) {
            return invocation.proceed();
        }
        String key = locked.key(invocation.getArguments(), target, targetClass);
        Held handle = acquire(locked, key, invocation.getMethod());
        Throwable failure = null;
        LockContext.push(new HeldLock(locked.lockType(), key, handle.fencingToken()));
        try {
            return invocation.proceed();
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            LockContext.pop();
            release(handle, failure);
        }
    }

    private Held acquire(LockedMethod locked, String key, Method method) throws InterruptedException {
        try {
            if (locked.mode() == LockMode.MUTEX) {
                LockHandle handle = facade.get().acquire(locked.lockType(), key, locked.waitTime());
                return new Held(handle.fencingToken(), handle::close);
            }
            ReadWriteHandle handle = side(locked, key).acquire(locked.waitTime());
            return new Held(handle.fencingToken(), handle::close);
        } catch (TimeoutException e) {
            throw new LockAcquisitionTimeoutException(locked.description(), locked.lockType(), key,
                    locked.waitTime(), e);
        } catch (InterruptedException e) {
            if (declares(method, InterruptedException.class)) {
                throw e;
            }
            Thread.currentThread().interrupt();
            throw new LockAcquisitionException("interrupted while waiting for lock " + locked.lockType() + "/" + key
                    + " for " + locked.description(), locked.lockType(), key, e);
        }
    }

    private ModeLock side(LockedMethod locked, String key) {
        ReadWriteLock readWrite = facade.get().asReadWriteLock(locked.lockType(), key);
        Lock side = locked.mode() == LockMode.READ ? readWrite.readLock() : readWrite.writeLock();
        if (side instanceof ModeLock modeLock) {
            return modeLock;
        }
        throw new IllegalStateException("@DistributeLocked(mode = " + locked.mode() + ") on " + locked.description()
                + " needs a LockFacade whose read-write locks carry fencing tokens (MemoryLock, DistributeLock)");
    }

    /** A held lock of either kind: its token and how to release it. */
    private record Held(long fencingToken, Runnable release) {
        void close() {
            release.run();
        }
    }

    /** Releases; a release failure after a failed method is attached to it rather than hiding it. */
    private static void release(Held handle, Throwable failure) {
        try {
            handle.close();
        } catch (RuntimeException e) {
            if (failure == null) {
                throw e;
            }
            failure.addSuppressed(e);
        }
    }

    private static boolean declares(Method method, Class<? extends Exception> exception) {
        for (Class<?> declared : method.getExceptionTypes()) {
            if (declared.isAssignableFrom(exception)) {
                return true;
            }
        }
        return false;
    }
}
