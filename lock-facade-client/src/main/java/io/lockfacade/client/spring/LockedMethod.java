package io.lockfacade.client.spring;

import io.lockfacade.api.LockArguments;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.ExpressionParser;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * One {@link DistributeLocked} method, its annotation checked: the lock type, the parsed key expression, the
 * wait and the mode. Immutable and shared by all calls of the method.
 */
final class LockedMethod {

    private final String description;
    private final String lockType;
    private final LockKeyExpression key;
    private final Duration wait;
    private final LockMode mode;

    private LockedMethod(String description, String lockType, LockKeyExpression key, Duration wait, LockMode mode) {
        this.description = description;
        this.lockType = lockType;
        this.key = key;
        this.wait = wait;
        this.mode = mode;
    }

    /**
     * @param method         the annotated method, as implemented by the bean's class
     * @param targetClass    the bean's class, or {@code null}; names the method in messages
     * @param annotation     the method's annotation
     * @param parser         parses the key expression
     * @param parameterNames finds the method's parameter names
     * @return the checked method
     * @throws IllegalArgumentException naming the method if the type, the key expression or the wait is invalid
     */
    static LockedMethod of(Method method, Class<?> targetClass, DistributeLocked annotation, ExpressionParser parser,
                           ParameterNameDiscoverer parameterNames) {
        String description = describe(method, targetClass);
        try {
            LockArguments.requireName("type", annotation.type());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@DistributeLocked on " + description + ": " + e.getMessage(), e);
        }
        if (annotation.waitMillis() < 0) {
            throw new IllegalArgumentException("@DistributeLocked on " + description
                    + ": waitMillis must not be negative, was " + annotation.waitMillis());
        }
        LockKeyExpression key = LockKeyExpression.parse(method, description, annotation.key(), parser,
                parameterNames);
        return new LockedMethod(description, annotation.type(), key, Duration.ofMillis(annotation.waitMillis()),
                annotation.mode());
    }

    /** @return the method as messages name it, e.g. {@code OrderService.ship(String)} */
    String description() {
        return description;
    }

    /** @return the lock type */
    String lockType() {
        return lockType;
    }

    /** @return which lock a call holds: the mutex, or a side of the read-write lock */
    LockMode mode() {
        return mode;
    }

    /** @return how long a call waits for the lock */
    Duration waitTime() {
        return wait;
    }

    /**
     * @return the key for a call with these arguments
     * @throws IllegalArgumentException naming the method if the key is null, empty or breaks the contract's limits
     */
    String key(Object[] arguments, Object target, Class<?> targetClass) {
        return key.evaluate(arguments, target, targetClass);
    }

    private static String describe(Method method, Class<?> targetClass) {
        Class<?> owner = targetClass != null ? targetClass : method.getDeclaringClass();
        return owner.getSimpleName() + "." + method.getName() + Arrays.stream(method.getParameterTypes())
                .map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
    }
}
