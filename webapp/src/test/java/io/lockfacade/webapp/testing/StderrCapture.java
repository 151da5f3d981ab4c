package io.lockfacade.webapp.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies what is written to standard error while it is open (the master's log: slf4j-simple writes to the current
 * {@code System.err}) and still passes it on; {@link #close()} puts the previous stream back.
 */
public final class StderrCapture implements AutoCloseable {

    private final PrintStream previous = System.err;
    private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

    private StderrCapture() {
        System.setErr(new PrintStream(new OutputStream() {
            @Override
            public synchronized void write(int b) {
                copy.write(b);
                previous.write(b);
            }

            @Override
            public synchronized void write(byte[] bytes, int off, int len) {
                copy.write(bytes, off, len);
                previous.write(bytes, off, len);
            }
        }, true, StandardCharsets.UTF_8));
    }

    /** @return a capture that has started */
    public static StderrCapture start() {
        return new StderrCapture();
    }

    /** @return everything written so far */
    public synchronized String text() {
        return copy.toString(StandardCharsets.UTF_8);
    }

    /** Puts the previous standard error back. */
    @Override
    public void close() {
        System.err.flush();
        System.setErr(previous);
    }
}
