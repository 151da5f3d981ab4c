package io.lockfacade.group.tls;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a file holds, read again when the file is replaced: {@link #current()} looks at the file's modification time
 * and size at most once per {@link #CHECK_INTERVAL} and reloads it when they changed. A replacement that cannot be
 * read (half written, wrong password) is logged and the last good value kept, so a botched rotation never takes
 * the member off the group. It needs no thread: it is asked on each TLS handshake, which are rare.
 *
 * @param <T> what the file is turned into
 */
final class ReloadingFile<T> {

    /** Least time between two looks at the file. */
    static final Duration CHECK_INTERVAL = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(ReloadingFile.class);

    private record Loaded<T>(T value, String stamp, long checkedNanos) {
    }

    private final Path file;
    private final Function<Path, T> loader;
    private final long checkIntervalNanos;
    private volatile Loaded<T> loaded;

    /**
     * Reads the file now; looks at it again at most once per {@link #CHECK_INTERVAL}.
     *
     * @throws IllegalArgumentException if it cannot be read as {@code loader} expects
     */
    ReloadingFile(Path file, Function<Path, T> loader) {
        this(file, loader, CHECK_INTERVAL);
    }

    ReloadingFile(Path file, Function<Path, T> loader, Duration checkInterval) {
        this.file = Objects.requireNonNull(file, "file");
        this.loader = Objects.requireNonNull(loader, "loader");
        this.checkIntervalNanos = checkInterval.toNanos();
        this.loaded = new Loaded<>(loader.apply(file), stamp(file), System.nanoTime());
    }

    /** @return the value of the file as it is now, reloaded if it was replaced since the last look */
    T current() {
        Loaded<T> last = loaded;
        long now = System.nanoTime();
        if (now - last.checkedNanos() < checkIntervalNanos) {
            return last.value();
        }
        String stamp = stamp(file);
        if (stamp.equals(last.stamp())) {
            loaded = new Loaded<>(last.value(), stamp, now);
            return last.value();
        }
        synchronized (this) {
            if (loaded != last) {
                return loaded.value();
            }
            try {
                loaded = new Loaded<>(loader.apply(file), stamp, now);
                LOG.info("reloaded {} after it changed on disk", file);
            } catch (RuntimeException unreadable) {
                loaded = new Loaded<>(last.value(), stamp, now);
                LOG.warn("{} changed on disk but cannot be used, keeping the previous one: {}", file,
                        unreadable.getMessage());
            }
            return loaded.value();
        }
    }

    /** @return the value last read, without looking at the file */
    T latest() {
        return loaded.value();
    }

    private static String stamp(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return attributes.lastModifiedTime().toMillis() + "/" + attributes.size() + "/" + attributes.fileKey();
        } catch (IOException missing) {
            return "missing";
        }
    }
}
