package io.lockfacade.client.spring;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportAware;
import org.springframework.context.annotation.Role;
import org.springframework.core.annotation.AnnotationAttributes;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Defines what runs {@link LeaderOnly} methods: the {@link LeaderOnlyLeaderships} (a lifecycle bean that joins and
 * leaves their leaderships) and the {@link LeaderOnlyAdvisor}. Imported by {@link EnableLeaderOnly}; XML applications
 * declare it as a bean and get the only (or {@code @Primary}) {@link io.lockfacade.client.LockFacade}.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
public class LeaderOnlyConfiguration implements ImportAware {

    /** Name of the advisor bean. */
    public static final String ADVISOR_BEAN_NAME = "io.lockfacade.client.spring.leaderOnlyAdvisor";
    /** Name of the {@link LeaderOnlyLeaderships} bean. */
    public static final String LEADERSHIPS_BEAN_NAME = "io.lockfacade.client.spring.leaderOnlyLeaderships";

    private String lockFacadeBeanName = "";

    /** Reads the attributes of {@link EnableLeaderOnly} on the importing class. */
    @Override
    public void setImportMetadata(AnnotationMetadata importMetadata) {
        AnnotationAttributes attributes = AnnotationAttributes.fromMap(
                importMetadata.getAnnotationAttributes(EnableLeaderOnly.class.getName()));
        if (attributes != null) {
            lockFacadeBeanName = attributes.getString("lockFacade");
        }
    }

    /**
     * @param beanFactory where the {@link io.lockfacade.client.LockFacade} is looked up, when the context starts
     * @return the leaderships of {@link LeaderOnly} methods
     */
    @Bean(name = LEADERSHIPS_BEAN_NAME)
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    public LeaderOnlyLeaderships leaderOnlyLeaderships(BeanFactory beanFactory) {
        return new LeaderOnlyLeaderships(new LockFacadeLookup(beanFactory, lockFacadeBeanName, "@LeaderOnly",
                "@EnableLeaderOnly"));
    }

    /**
     * @param leaderships the leaderships the advisor registers and asks
     * @return the advisor
     */
    @Bean(name = ADVISOR_BEAN_NAME)
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    public LeaderOnlyAdvisor leaderOnlyAdvisor(LeaderOnlyLeaderships leaderships) {
        return new LeaderOnlyAdvisor(leaderships);
    }
}
