package io.lockfacade.server.transport;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A servlet request and response without a container: records the async listener, runs
 * {@link AsyncContext#start} tasks on a new thread, and captures the status and body written. Only what the
 * endpoint uses is implemented.
 */
final class FakeExchange {

    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final AtomicInteger status = new AtomicInteger();
    private final CountDownLatch completed = new CountDownLatch(1);
    private volatile AsyncListener listener;
    private volatile AsyncContext async;
    private volatile boolean failWrites;
    private volatile Thread writer;

    final HttpServletRequest request = proxy(HttpServletRequest.class, (method, args) -> switch (method) {
        case "startAsync" -> asyncContext();
        default -> throw new UnsupportedOperationException(method);
    });

    final HttpServletResponse response = proxy(HttpServletResponse.class, (method, args) -> switch (method) {
        case "setStatus" -> {
            status.set((Integer) args[0]);
            yield null;
        }
        case "setContentType", "setContentLength", "setHeader", "flushBuffer" -> null;
        case "getOutputStream" -> output();
        default -> throw new UnsupportedOperationException(method);
    });

    /** Makes every later write fail, as when the client has gone. */
    void failWrites() {
        failWrites = true;
    }

    void fireTimeout() throws IOException {
        listener.onTimeout(new AsyncEvent(async));
    }

    void fireError() throws IOException {
        listener.onError(new AsyncEvent(async, new IOException("connection reset")));
    }

    boolean awaitCompleted() throws InterruptedException {
        return completed.await(10, TimeUnit.SECONDS);
    }

    boolean isCompleted() {
        return completed.getCount() == 0;
    }

    /** @return the thread that wrote the body, or {@code null} if nothing was written */
    Thread writer() {
        return writer;
    }

    int status() {
        return status.get();
    }

    byte[] body() {
        return body.toByteArray();
    }

    private AsyncContext asyncContext() {
        async = proxy(AsyncContext.class, (method, args) -> switch (method) {
            case "setTimeout" -> null;
            case "addListener" -> {
                listener = (AsyncListener) args[0];
                yield null;
            }
            case "start" -> {
                new Thread((Runnable) args[0], "fake-container").start();
                yield null;
            }
            case "complete" -> {
                completed.countDown();
                yield null;
            }
            case "getRequest" -> request;
            case "getResponse" -> response;
            default -> throw new UnsupportedOperationException(method);
        });
        return async;
    }

    private ServletOutputStream output() {
        return new ServletOutputStream() {
            @Override
            public void write(int b) throws IOException {
                if (failWrites) {
                    throw new IOException("broken pipe");
                }
                writer = Thread.currentThread();
                body.write(b);
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener writeListener) {
                throw new UnsupportedOperationException();
            }
        };
    }

    private interface Answer {
        Object answer(String method, Object[] args) throws Exception;
    }

    private static <T> T proxy(Class<T> type, Answer answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (self, method, args) -> answer.answer(method.getName(), args)));
    }
}
