/** TLS material both sides of the contract read: PKCS12 key and trust stores, checked with clear errors. */
package io.lockfacade.api.tls;
