/** Raw HTTP to a master, for requests no Hessian proxy would send. */
package io.lockfacade.testsupport.http;
