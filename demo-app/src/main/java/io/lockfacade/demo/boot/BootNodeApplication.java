package io.lockfacade.demo.boot;

import io.lockfacade.demo.locks.LockMode;
import io.lockfacade.demo.locks.NoLockConfiguration;
import io.lockfacade.demo.locks.RemoteCallCounter;
import io.lockfacade.demo.node.NodeConfiguration;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A demo node as a Spring Boot application using {@code lock-facade-spring-boot-starter}: the sample to copy.
 * The starter defines the {@code LockFacade} (bean {@code distributeLock}, alias {@code memoryLock}) from two
 * properties, and the node's beans ({@link NodeConfiguration}: the bank and its workload) take it by type:
 *
 * <pre>
 * lockfacade.master-url=http://127.0.0.1:8080/remoting/MemoryLockService
 * lockfacade.node-id=node-1
 * </pre>
 *
 * <p>The launcher runs its first node this way (the others are plain Spring applications), in every lock mode:
 * {@code distributed} uses the starter's {@code DistributeLock}, {@code memory} sets {@code lockfacade.mode=memory}
 * and gets its {@code MemoryLock}, {@code none} defines a lock of its own, so the starter backs off.
 */
@SpringBootApplication
@Import(NodeConfiguration.class)
public class BootNodeApplication {

    /** The system property that makes a demo node run as this application: {@code true} or {@code false}. */
    public static final String PROPERTY = "demo.spring-boot";

    /** @return the post-processor that counts the calls made to the master, for the demo's verdict */
    @Bean
    public static RemoteCallCounter remoteCallCounter() {
        return new RemoteCallCounter();
    }

    /**
     * Starts the node's application context; {@code lockfacade.*} come as system properties, the secret as the
     * environment variable {@code LOCKFACADE_SECRET}.
     *
     * @param mode the demo's lock mode
     * @return the running context
     */
    public static ConfigurableApplicationContext run(LockMode mode) {
        SpringApplicationBuilder application = new SpringApplicationBuilder(BootNodeApplication.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false);
        switch (mode) {
            case NONE -> application.sources(NoLockConfiguration.class);
            case MEMORY -> application.properties("lockfacade.mode=memory");
            case DISTRIBUTED -> {
                // everything comes from lockfacade.master-url and lockfacade.node-id
            }
        }
        return application.run();
    }
}
