package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Finds the {@link LockFacade} that {@link DistributeLocked} methods lock with, on first use, so that the
 * advisor (an infrastructure bean created early) does not pull the facade and its dependencies in before the
 * auto-proxy creator is ready.
 */
final class LockFacadeLookup implements Supplier<LockFacade> {

    private final BeanFactory beanFactory;
    private final String beanName;
    private final String user;
    private final String enabling;
    private volatile LockFacade facade;

    /**
     * @param beanFactory where to look
     * @param beanName    the bean's name, or empty for the only (or {@code @Primary}) {@link LockFacade}
     */
    LockFacadeLookup(BeanFactory beanFactory, String beanName) {
        this(beanFactory, beanName, "@DistributeLocked", "@EnableDistributeLocked");
    }

    /**
     * @param user     what needs the facade, for the message ({@code @LeaderOnly})
     * @param enabling the annotation whose {@code lockFacade} attribute names the bean, for the message
     * @see #LockFacadeLookup(BeanFactory, String)
     */
    LockFacadeLookup(BeanFactory beanFactory, String beanName, String user, String enabling) {
        this.user = user;
        this.enabling = enabling;
        this.beanFactory = Objects.requireNonNull(beanFactory, "beanFactory");
        this.beanName = Objects.requireNonNull(beanName, "beanName");
    }

    /**
     * @return the facade
     * @throws IllegalStateException if there is no such bean, or several and none is named or primary
     */
    @Override
    public LockFacade get() {
        LockFacade found = facade;
        if (found == null) {
            try {
                found = beanName.isEmpty() ? beanFactory.getBean(LockFacade.class)
                        : beanFactory.getBean(beanName, LockFacade.class);
            } catch (BeansException e) {
                throw new IllegalStateException(user + " needs a LockFacade bean"
                        + (beanName.isEmpty() ? " (exactly one, or one marked @Primary, or name it with "
                        + enabling + "(lockFacade = ...))" : " named \"" + beanName + "\"")
                        + ": " + e.getMessage(), e);
            }
            facade = found;
        }
        return found;
    }
}
