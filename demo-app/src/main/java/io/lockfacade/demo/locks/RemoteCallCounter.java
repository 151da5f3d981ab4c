package io.lockfacade.demo.locks;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.CountingMemoryLockService;
import org.springframework.beans.factory.config.BeanPostProcessor;

import java.util.ArrayList;
import java.util.List;

/**
 * Wraps every {@link MemoryLockService} bean (the Hessian proxy to the master that {@code DistributeLock} is built
 * on) in a counting decorator, so that the demo can show how many remote calls local arbitration saved, and when
 * grants came (the failover time of a master group). The application's configuration is otherwise untouched.
 */
public final class RemoteCallCounter implements BeanPostProcessor {

    private final List<CountingMemoryLockService> counted = new ArrayList<>();
    private final GrantTimes grantTimes = new GrantTimes();

    @Override
    public synchronized Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof MemoryLockService service && !(bean instanceof CountingMemoryLockService)) {
            CountingMemoryLockService counting = new CountingMemoryLockService(service,
                    grant -> grantTimes.granted(System.currentTimeMillis()));
            counted.add(counting);
            return counting;
        }
        return bean;
    }

    /** @return when the wrapped services received their grants */
    public GrantTimes grantTimes() {
        return grantTimes;
    }

    /** @return the calls made to the master so far, summed over the wrapped services */
    public synchronized RemoteCalls calls() {
        RemoteCalls sum = RemoteCalls.NONE;
        for (CountingMemoryLockService service : counted) {
            sum = sum.plus(RemoteCalls.countedBy(service));
        }
        return sum;
    }
}
