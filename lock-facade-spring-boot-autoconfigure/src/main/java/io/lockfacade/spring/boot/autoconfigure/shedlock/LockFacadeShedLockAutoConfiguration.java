package io.lockfacade.spring.boot.autoconfigure.shedlock;

import io.lockfacade.client.LeasedLocks;
import io.lockfacade.client.LockFacade;
import io.lockfacade.shedlock.LockFacadeLockProvider;
import io.lockfacade.spring.boot.autoconfigure.LockFacadeAutoConfiguration;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import net.javacrumbs.shedlock.core.LockProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Defines ShedLock's {@link LockProvider} on the application's lock ({@code distributeLock}, made from the
 * {@code lockfacade.*} properties), when ShedLock is on the class path and the lock grants leased locks
 * ({@code DistributeLock} does, {@code MemoryLock} does not). Backs off when the application defines a
 * {@code LockProvider} of its own. With Micrometer, the count of tasks that ran past {@code lockAtMostFor} is the
 * counter {@value #OVERRUNS_METER}.
 */
@AutoConfiguration(after = LockFacadeAutoConfiguration.class)
@ConditionalOnClass({LockProvider.class, LockFacadeLockProvider.class})
@ConditionalOnBean(LeasedLocks.class)
public class LockFacadeShedLockAutoConfiguration {

    /** Name of the counter of tasks still running when their {@code lockAtMostFor} ended. */
    public static final String OVERRUNS_METER = "lockfacade.shedlock.lease.overruns";

    /** @return the provider; closed with the context */
    @Bean
    @ConditionalOnMissingBean(LockProvider.class)
    public LockFacadeLockProvider lockFacadeLockProvider(LockFacade locks) {
        return new LockFacadeLockProvider(locks);
    }

    /**
     * The overrun counter, bound by Boot's metrics auto-configuration like every {@link MeterBinder}; nothing is
     * bound when the application's {@code LockProvider} is its own.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterBinder.class)
    static class Metrics {

        /** @return the binder of {@value #OVERRUNS_METER} */
        @Bean
        MeterBinder lockFacadeShedLockMetrics(ObjectProvider<LockFacadeLockProvider> providers) {
            return registry -> providers.ifAvailable(provider -> FunctionCounter
                    .builder(OVERRUNS_METER, provider, LockFacadeLockProvider::leaseOverruns)
                    .description("ShedLock tasks still running when their lockAtMostFor ended (their lock was "
                            + "then free for other nodes)")
                    .tag("lockType", provider.lockType())
                    .register(registry));
        }
    }
}
