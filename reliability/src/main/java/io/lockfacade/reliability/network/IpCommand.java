package io.lockfacade.reliability.network;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs one iproute2 command ({@code ip}, {@code tc}) with a bounded wait, for {@link NamespaceNetwork}. */
final class IpCommand {

    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    /**
     * What a command did.
     *
     * @param exitCode its exit code
     * @param output   what it printed, both streams
     */
    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    private IpCommand() {
    }

    /**
     * @return what the command did
     * @throws NamespaceNetwork.Unavailable if it cannot be started at all (not installed)
     */
    static Result runOrUnavailable(String... command) {
        try {
            return execute(command);
        } catch (IOException e) {
            throw new NamespaceNetwork.Unavailable("cannot run `" + String.join(" ", command) + "` (is iproute2 "
                    + "installed?): " + e.getMessage());
        }
    }

    /** @return what the command did; a command that cannot start is an error */
    static Result run(String... command) {
        try {
            return execute(command);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run `" + String.join(" ", command) + "`: " + e.getMessage(), e);
        }
    }

    /**
     * @return what the command printed
     * @throws IllegalStateException if it failed, with its output
     */
    static String require(String... command) {
        Result result = run(command);
        if (!result.ok()) {
            throw new IllegalStateException("`" + String.join(" ", command) + "` failed (exit " + result.exitCode()
                    + "): " + result.output().strip());
        }
        return result.output();
    }

    /** Runs the command and ignores how it ended: for clean-up of what may already be gone. */
    static void runQuietly(String... command) {
        try {
            execute(command);
        } catch (IOException | RuntimeException e) {
            // clean-up is best effort: what is gone needs no deleting
        }
    }

    private static Result execute(String... command) throws IOException {
        Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(output unreadable: " + e.getMessage() + ")";
            }
        });
        try {
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("`" + String.join(" ", command) + "` did not end within " + TIMEOUT);
            }
            return new Result(process.exitValue(), output.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not read the output of " + String.join(" ", command), e);
        }
    }
}
