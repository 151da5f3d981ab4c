package io.lockfacade.bench.node;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.deadlock.HeldLock;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Many clients, each with its own owner and its own connection, waiting for a few hot keys: every client keeps one
 * {@code tryLock} parked on the master; when granted it holds the lock for a while, unlocks, and queues again; when
 * its wait ends empty it queues again at once. Calls are sent asynchronously over {@link HttpClient} (one HTTP/1.1
 * connection per call in flight), so a handful of threads drive thousands of waiters.
 *
 * <p>With {@link SwarmHolds#NAMED} or {@link SwarmHolds#UNNAMED}, the swarm is one node with a session: each client
 * first takes a lock of its own under it and holds it throughout, and waits for hot keys under the session, naming
 * its own lock in each waiting call or not, as a {@code DistributeLock} thread does with deadlock detection on or off.
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
    private static final Duration SESSION_TTL = Duration.ofSeconds(30);
    private static final Duration SESSION_CALL_TIMEOUT = Duration.ofSeconds(30);
    /** The check delay a named wait asks for: {@code DeadlockDetection}'s default. */
    private static final Duration CHECK_DELAY = Duration.ofSeconds(1);

    private final URI serviceUri;
    private final String lockType;
    private final int hotKeys;
    private final Duration hold;
    private final SwarmHolds holds;
    private final String runId = UUID.randomUUID().toString().substring(0, 8);
    private final String sessionId = "swarm-" + runId;
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
    private final LongAdder deadlocks = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>("none");
    private String[] ownLocks = new String[0];
    private volatile boolean stopped;

    WaiterSwarm(URI serviceUri, String lockType, int hotKeys, Duration hold, SwarmHolds holds) {
        this.serviceUri = serviceUri;
        this.lockType = lockType;
        this.hotKeys = hotKeys;
        this.hold = hold;
        this.holds = holds;
    }

    /**
     * Sends the first call of each of {@code waiters} clients, in paced batches so the master accepts them; first,
     * if the clients hold a lock of their own, opens the session and takes those locks.
     *
     * @throws IllegalStateException if the session cannot be opened or an own lock is not granted
     */
    void start(int waiters) throws InterruptedException {
        if (holds.holdsOwnLock()) {
            takeOwnLocks(waiters);
        }
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

    /** @return the waiting calls the master answered with a {@link DeadlockException} (there is no deadlock) */
    long deadlocks() {
        return deadlocks.sum();
    }

    /** @return the first failure seen, for the report */
    String firstError() {
        return firstError.get();
    }

    /** @return tryLock calls sent and not yet answered */
    int callsInFlight() {
        return parkedCalls.get();
    }

    /**
     * Stops queueing again and ends the session, if any, which frees the clients' own locks at once; calls in
     * flight are abandoned when the JVM exits. Closing again does nothing.
     */
    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        timer.shutdownNow();
        if (holds.holdsOwnLock()) {
            try {
                blockingCall("closeSession", sessionId);
            } catch (RuntimeException | InterruptedException e) {
                System.err.println("could not close the swarm's session (it expires): " + e);
            }
        }
    }

    private void takeOwnLocks(int waiters) throws InterruptedException {
        blockingCall("openSession", sessionId, SESSION_TTL.toMillis());
        timer.scheduleAtFixedRate(() -> send(HessianCalls.call("keepAliveSession", sessionId)),
                SESSION_TTL.toNanos() / 3, SESSION_TTL.toNanos() / 3, TimeUnit.NANOSECONDS);
        ownLocks = new String[waiters];
        for (int client = 0; client < waiters; client++) {
            String key = "own-" + runId + "-" + client;
            Object reply = blockingCall("tryLockInSession", lockType, key, owner(client), sessionId, 0L);
            if (!(reply instanceof LockGrant grant)) {
                throw new IllegalStateException("own lock " + key + " of the swarm was not granted: " + reply);
            }
            ownLocks[client] = HeldLock.encode(List.of(new HeldLock(lockType, key, grant.getFencingToken())));
        }
    }

    private Object blockingCall(String method, Object... args) throws InterruptedException {
        try {
            return HessianCalls.reply(send(HessianCalls.call(method, args))
                    .get(SESSION_CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).body());
        } catch (ExecutionException | TimeoutException | IOException e) {
            throw new IllegalStateException("the swarm's " + method + " failed", e);
        }
    }

    private byte[] waitingCall(int client) {
        return switch (holds) {
            case NOTHING -> HessianCalls.call("tryLock", lockType, key(client), owner(client), LEASE.toMillis(),
                    WAIT.toMillis());
            case NAMED -> HessianCalls.call("tryLockInSessionHolding", lockType, key(client), owner(client),
                    sessionId, WAIT.toMillis(), ownLocks[client], CHECK_DELAY.toMillis());
            case UNNAMED -> HessianCalls.call("tryLockInSession", lockType, key(client), owner(client), sessionId,
                    WAIT.toMillis());
        };
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
        send(waitingCall(client)).whenComplete((response, failure) -> {
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
            if (error.getCause() instanceof DeadlockException) {
                deadlocks.increment();
            }
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
