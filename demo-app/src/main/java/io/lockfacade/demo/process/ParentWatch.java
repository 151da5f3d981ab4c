package io.lockfacade.demo.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The child side of a launcher's pipe: reads commands from standard input and exits the JVM when the input
 * closes, which happens when the launcher ends in any way, even {@code kill -9}. So no child outlives its
 * launcher. The exit runs shutdown hooks (a master stops cleanly, a node releases its locks).
 */
public final class ParentWatch {

    /** Exit code of a child whose launcher went away. */
    public static final int EXIT_PARENT_GONE = 3;

    private ParentWatch() {
    }

    /**
     * Starts the watching daemon thread.
     *
     * @param threadName the thread's name
     * @param commands   receives each line read; may be a no-op
     */
    public static void start(String threadName, Consumer<String> commands) {
        Thread watcher = new Thread(() -> watch(commands), threadName);
        watcher.setDaemon(true);
        watcher.start();
    }

    private static void watch(Consumer<String> commands) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                commands.accept(line.strip());
            }
        } catch (IOException e) {
            // the pipe broke: the launcher is gone all the same
        }
        System.exit(EXIT_PARENT_GONE);
    }
}
