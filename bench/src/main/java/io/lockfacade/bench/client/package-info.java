/**
 * The clients under test: each {@link io.lockfacade.bench.client.Design}'s lock facade on the same Hessian
 * transport, with a decorator that counts remote calls.
 */
package io.lockfacade.bench.client;
