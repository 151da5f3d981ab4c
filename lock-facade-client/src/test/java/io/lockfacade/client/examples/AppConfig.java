package io.lockfacade.client.examples;

import io.lockfacade.client.spring.EnableLockFacade;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;

/** The {@code @EnableLockFacade} configuration of {@code docs/client.md}, reading {@code locks.properties}. */
// tag::enable-lock-facade[]
@Configuration
@EnableLockFacade                                   // lockfacade.master-url=http://master:8080
@PropertySource("classpath:locks.properties")
class AppConfig { }
// end::enable-lock-facade[]
