/**
 * The read-write lock benchmark: a read-mostly workload on node JVMs, the read-write lock against the mutex in one
 * run, remote calls per read acquisition, and how long a writer waits behind readers.
 */
package io.lockfacade.bench.readwrite;
