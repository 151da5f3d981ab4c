package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportAware;
import org.springframework.context.annotation.Role;
import org.springframework.core.annotation.AnnotationAttributes;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Defines the {@link DistributeLockedAdvisor} that runs {@link DistributeLocked} methods under their lock.
 *
 * <p>Imported by {@link EnableDistributeLocked} and {@link EnableLockFacade}, whose attributes it reads. XML
 * applications declare it as a bean next to {@code <context:annotation-config/>} and get the defaults: the only
 * (or {@code @Primary}) {@link LockFacade} bean, interface proxies, {@link EnableDistributeLocked#DEFAULT_ORDER}.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
@Import(DistributeLockedRegistrar.class)
public class DistributeLockedConfiguration implements ImportAware {

    /** Name of the advisor bean. */
    public static final String ADVISOR_BEAN_NAME = "io.lockfacade.client.spring.distributeLockedAdvisor";

    private String lockFacadeBeanName = "";
    private int order = EnableDistributeLocked.DEFAULT_ORDER;

    /** Reads the attributes of the {@code @Enable...} annotation on the importing class. */
    @Override
    public void setImportMetadata(AnnotationMetadata importMetadata) {
        AnnotationAttributes attributes = AnnotationAttributes.fromMap(
                importMetadata.getAnnotationAttributes(EnableDistributeLocked.class.getName()));
        if (attributes != null) {
            lockFacadeBeanName = attributes.getString("lockFacade");
            order = attributes.<Integer>getNumber("order");
        }
    }

    /**
     * @param beanFactory where the {@link LockFacade} is looked up, once, when the context has started
     * @return the advisor
     */
    @Bean(name = ADVISOR_BEAN_NAME)
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    public DistributeLockedAdvisor distributeLockedAdvisor(BeanFactory beanFactory) {
        DistributeLockedAdvisor advisor = new DistributeLockedAdvisor(
                new LockFacadeLookup(beanFactory, lockFacadeBeanName), new DistributeLockedMethods());
        advisor.setOrder(order);
        return advisor;
    }
}
