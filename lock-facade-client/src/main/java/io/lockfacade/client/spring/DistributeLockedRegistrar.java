package io.lockfacade.client.spring;

import org.springframework.aop.config.AopConfigUtils;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.annotation.AnnotationAttributes;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers Spring's infrastructure auto-proxy creator, which wraps beans in proxies for the
 * {@link DistributeLockedAdvisor}, and switches it to class proxies when {@link EnableDistributeLocked} asks.
 * Registering it twice (or next to {@code @EnableTransactionManagement}) is harmless: the context keeps one.
 */
final class DistributeLockedRegistrar implements ImportBeanDefinitionRegistrar {

    private static final String PROXY_TARGET_CLASS = "proxyTargetClass";

    @Override
    public void registerBeanDefinitions(AnnotationMetadata importingClassMetadata, BeanDefinitionRegistry registry) {
        AopConfigUtils.registerAutoProxyCreatorIfNecessary(registry);
        AnnotationAttributes attributes = AnnotationAttributes.fromMap(
                importingClassMetadata.getAnnotationAttributes(EnableDistributeLocked.class.getName()));
        if (attributes != null && attributes.getBoolean(PROXY_TARGET_CLASS)) {
            AopConfigUtils.forceAutoProxyCreatorToUseClassProxying(registry);
        }
    }
}
