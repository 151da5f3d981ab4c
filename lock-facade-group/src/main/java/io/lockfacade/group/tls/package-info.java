/**
 * Mutual TLS between the members of a master group: the TLS context whose certificates rotate with their files,
 * the check that a peer's certificate names a member, and the sockets JGroups opens with it.
 */
package io.lockfacade.group.tls;
