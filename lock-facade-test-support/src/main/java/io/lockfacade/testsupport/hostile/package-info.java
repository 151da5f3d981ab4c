/** Classes that must never be built by a master, to prove its allow-list holds. */
package io.lockfacade.testsupport.hostile;
