package io.lockfacade.bench.node;

import io.lockfacade.api.LockGrant;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Many clients, each with its own owner and its own connection, waiting for a few hot keys: every client keeps one
 * {@code tryLock} parked on the master; when granted it holds the lock for a while, unlocks, and queues again; when
 * its wait ends empty it queues again at once. Calls are sent asynchronously over {@link HttpClient} (one HTTP/1.1
 * connection per call in flight), so a handful of threads drive thousands of waiters.
 */
final class WaiterSwarm implements AutoCloseable {

    /** Lease of a hot-key grant. */
    static final Duration LEASE = Duration.ofSeconds(30);
    /** The wait each parked call asks for: the master's default cap. */
    static final Duration WAIT = Duration.ofSeconds(10);

    private static final Duration REQUEST_TIMEOUT = WAIT.plusSeconds(20);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration ERROR_BACKOFF = Duration.ofMillis(100);
    private static final int START_BATCH = 100;
    private static final Duration START_BATCH_PAUSE = Duration.ofMillis(20);
    private static final String CONTENT_TYPE = "x-application/hessian";

    private final URI serviceUri;
    private final String lockType;
    private final int hotKeys;
    private final Duration hold;
    private final String runId = UUID.randomUUID().toString().substring(0, 8);
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT).build();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "swarm-timer");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicInteger parkedCalls = new AtomicInteger();
    private final LongAdder grants = new LongAdder();
    private final LongAdder emptyWaits = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>("none");
    private volatile boolean stopped;

    WaiterSwarm(URI serviceUri, String lockType, int hotKeys, Duration hold) {
        this.serviceUri = serviceUri;
        this.lockType = lockType;
        this.hotKeys = hotKeys;
        this.hold = hold;
    }

    /** Sends the first call of each of {@code waiters} clients, in paced batches so the master accepts them. */
    void start(int waiters) throws InterruptedException {
        for (int i = 0; i < waiters; i++) {
            queue(i);
            if ((i + 1) % START_BATCH == 0) {
                Thread.sleep(START_BATCH_PAUSE.toMillis());
            }
        }
    }

    long grants() {
        return grants.sum();
    }

    long emptyWaits() {
        return emptyWaits.sum();
    }

    long errors() {
        return errors.sum();
    }

    /** @return the first failure seen, for the report */
    String firstError() {
        return firstError.get();
    }

    /** @return tryLock calls sent and not yet answered */
    int callsInFlight() {
        return parkedCalls.get();
    }

    /** Stops queueing again; calls in flight are abandoned when the JVM exits. */
    @Override
    public void close() {
        stopped = true;
        timer.shutdownNow();
    }

    private String owner(int client) {
        return "swarm-" + runId + "-" + client;
    }

    private String key(int client) {
        return "hot-" + (client % hotKeys);
    }

    private void queue(int client) {
        if (stopped) {
            return;
        }
        parkedCalls.incrementAndGet();
        send(HessianCalls.call("tryLock", lockType, key(client), owner(client), LEASE.toMillis(), WAIT.toMillis()))
                .whenComplete((response, failure) -> {
                    parkedCalls.decrementAndGet();
                    onTryLockAnswer(client, response, failure);
                });
    }

    private void onTryLockAnswer(int client, HttpResponse<byte[]> response, Throwable failure) {
        Object value;
        try {
            if (failure != null) {
                throw failure;
            }
            value = HessianCalls.reply(response.body());
        } catch (Throwable error) {
            errors.increment();
            firstError.compareAndSet("none", error.toString());
            later(() -> queue(client), ERROR_BACKOFF);
            return;
        }
        if (value instanceof LockGrant) {
            grants.increment();
            later(() -> unlockThenQueue(client), hold);
        } else {
            emptyWaits.increment();
            queue(client);
        }
    }

    private void unlockThenQueue(int client) {
        send(HessianCalls.call("unlock", lockType, key(client), owner(client))).whenComplete((response, failure) -> {
            if (failure != null) {
                errors.increment();
                firstError.compareAndSet("none", failure.toString());
            }
            queue(client);
        });
    }

    private CompletableFuture<HttpResponse<byte[]>> send(byte[] body) {
        HttpRequest request = HttpRequest.newBuilder(serviceUri).timeout(REQUEST_TIMEOUT)
                .header("Content-Type", CONTENT_TYPE).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private void later(Runnable action, Duration delay) {
        if (!stopped) {
            try {
                timer.schedule(action, delay.toNanos(), TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException closed) {
                // stopping
            }
        }
    }
}
