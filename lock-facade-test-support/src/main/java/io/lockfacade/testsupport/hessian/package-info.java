/** Hessian 2 call bodies written by hand, well formed or not, and replies decoded as a correct client would. */
package io.lockfacade.testsupport.hessian;
