/**
 * Two builds of the client and master measured side by side in one run ({@link
 * io.lockfacade.bench.versions.MutexBeforeAfterMain}): each build's client in a class loader of its own, each
 * against a master of its own build, in alternating blocks. It answers "is the mutex still as fast as before this
 * change?" with a same-run ratio rather than two runs on different minutes of the machine.
 */
package io.lockfacade.bench.versions;
