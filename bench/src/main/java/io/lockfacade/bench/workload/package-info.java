/** What the threads of a client node do while measured: lock, hold, unlock, pause, and log each acquisition. */
package io.lockfacade.bench.workload;
