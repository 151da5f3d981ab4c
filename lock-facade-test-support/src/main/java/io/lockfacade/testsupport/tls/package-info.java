/**
 * Test certificates: a private CA made in-process, member and client keystores it signs, the credentials of
 * outsiders, a handshake probe.
 */
package io.lockfacade.testsupport.tls;
