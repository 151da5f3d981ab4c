package io.lockfacade.client.spring;

import java.lang.reflect.Method;

/**
 * The root object of a {@link DistributeLocked} key expression: {@code #root.methodName}, {@code #root.args},
 * {@code #root.target}, {@code #root.targetClass}. Arguments are simpler to reach as variables ({@code #orderId},
 * {@code #p0}).
 */
public final class LockKeyRoot {

    private final Method method;
    private final Object[] args;
    private final Object target;
    private final Class<?> targetClass;

    LockKeyRoot(Method method, Object[] args, Object target, Class<?> targetClass) {
        this.method = method;
        this.args = args;
        this.target = target;
        this.targetClass = targetClass;
    }

    /** @return the method called */
    public Method getMethod() {
        return method;
    }

    /** @return the name of the method called */
    public String getMethodName() {
        return method.getName();
    }

    /** @return the call's arguments (the array itself: do not change it) */
    public Object[] getArgs() {
        return args;
    }

    /** @return the bean the method is called on, behind its proxy */
    public Object getTarget() {
        return target;
    }

    /** @return the bean's class, or {@code null} if unknown */
    public Class<?> getTargetClass() {
        return targetClass;
    }
}
