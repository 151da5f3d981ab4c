package io.lockfacade.client.transport;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.tls.TlsStores;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.InitializingBean;

import java.time.Duration;

/**
 * Spring {@link FactoryBean} for the master's {@link MemoryLockService}, built by
 * {@link MemoryLockServiceProxies#create}. Properties: {@code serviceUrl} (required), {@code connectTimeout}
 * (default 3 s), {@code readTimeout} (default 15 s; must exceed the longest wait one {@code tryLock} call asks
 * for), {@code secret} (optional, sent as {@code X-Lock-Secret}).
 *
 * <p>Calls on the product fail with {@link io.lockfacade.api.LockServiceUnavailableException} when the master
 * cannot be reached within the timeouts.
 */
public class MemoryLockServiceProxyFactoryBean implements FactoryBean<MemoryLockService>, InitializingBean {

    private String serviceUrl;
    private Duration connectTimeout = ClientTransportSettings.DEFAULT_CONNECT_TIMEOUT;
    private Duration readTimeout = ClientTransportSettings.DEFAULT_READ_TIMEOUT;
    private String secret;
    private TlsStores tls;
    private RemoteMemoryLockService service;

    /**
     * @param serviceUrl the master's endpoint, or a master group's endpoints separated by commas; a URL without a
     *                   path gets {@code /remoting/MemoryLockService}
     */
    public void setServiceUrl(String serviceUrl) {
        this.serviceUrl = serviceUrl;
    }

    /** @return the master's endpoint as configured */
    public String getServiceUrl() {
        return serviceUrl;
    }

    /** @param connectTimeout longest wait for a TCP connection */
    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    /** @return longest wait for a TCP connection */
    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    /** @param readTimeout longest wait for a whole reply */
    public void setReadTimeout(Duration readTimeout) {
        this.readTimeout = readTimeout;
    }

    /** @return longest wait for a whole reply */
    public Duration getReadTimeout() {
        return readTimeout;
    }

    /** @param secret the master's shared secret, or {@code null}/blank for none */
    public void setSecret(String secret) {
        this.secret = secret;
    }

    /**
     * @param tls the truststore that checks an {@code https://} master and the keystore presented to one that asks
     *            for client certificates; {@code null} for the JVM's default CAs and no client certificate
     */
    public void setTls(TlsStores tls) {
        this.tls = tls;
    }

    /**
     * Builds the proxy; nothing is sent to the master yet.
     *
     * @throws IllegalStateException    if {@code serviceUrl} is not set
     * @throws IllegalArgumentException if a property is invalid
     */
    @Override
    public synchronized void afterPropertiesSet() {
        if (serviceUrl == null || serviceUrl.isBlank()) {
            throw new IllegalStateException("serviceUrl is required, e.g. http://master:8080/remoting/MemoryLockService");
        }
        service = MemoryLockServiceProxies.create(serviceUrl,
                new ClientTransportSettings(connectTimeout, readTimeout, secret, tls));
    }

    /** @return the proxy, built on first use if {@link #afterPropertiesSet()} was not called */
    @Override
    public synchronized MemoryLockService getObject() {
        if (service == null) {
            afterPropertiesSet();
        }
        return service;
    }

    @Override
    public Class<?> getObjectType() {
        return MemoryLockService.class;
    }
}
