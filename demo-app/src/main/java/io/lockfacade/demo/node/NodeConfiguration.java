package io.lockfacade.demo.node;

import io.lockfacade.client.LockFacade;
import io.lockfacade.demo.bank.AccountStore;
import io.lockfacade.demo.bank.Bank;
import io.lockfacade.demo.bank.LockAcquisitions;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The demo node's own beans: the shared store, the bank service and its workload. The {@link LockFacade} comes
 * from the configuration of the chosen {@link io.lockfacade.demo.locks.LockMode}; nothing here knows which.
 */
@Configuration(proxyBeanMethods = false)
public class NodeConfiguration {

    /** @return the node's settings, from the {@code demo.*} properties */
    @Bean
    public NodeSettings nodeSettings(Environment environment) {
        return NodeSettings.from(environment);
    }

    /** @return the shared store */
    @Bean
    public AccountStore accountStore(NodeSettings settings) {
        return new AccountStore(settings.store(), settings.name());
    }

    /** @return the counter of locks taken */
    @Bean
    public LockAcquisitions lockAcquisitions() {
        return new LockAcquisitions();
    }

    /** @return the business service, guarded by whichever lock facade the mode defines */
    @Bean
    public Bank bank(LockFacade lockFacade, AccountStore accountStore, LockAcquisitions lockAcquisitions) {
        return new Bank(lockFacade, accountStore, lockAcquisitions);
    }

    /** @return the node's workload */
    @Bean
    public Workload workload(Bank bank, NodeSettings settings) {
        return new Workload(bank, AccountStore.accountNames(settings.accounts()), settings);
    }
}
