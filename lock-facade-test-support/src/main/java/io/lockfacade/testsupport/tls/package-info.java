/** Test certificates: a private CA made in-process, member and client keystores it signs, a handshake probe. */
package io.lockfacade.testsupport.tls;
