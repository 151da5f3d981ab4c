package io.lockfacade.demo.bank;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * The shared store every node can reach: a directory with one small file per account, and no locking of its
 * own. That is the point of the demo: only the application's lock keeps two read-modify-write cycles on one
 * account apart.
 *
 * <p>A write replaces the file atomically (a temporary file, then a rename), so a reader sees the old or the new
 * record, never half of one. It also <em>checks</em> the fencing token the way a fencing-aware store would: a
 * write carrying a smaller token than the stored one comes from a writer whose lock was no longer valid. This
 * store counts such writes as violations (and performs them anyway, so the damage shows in the totals).
 */
public final class AccountStore {

    /** File name suffix of account files. */
    public static final String SUFFIX = ".account";

    private static final String TEMP_INFIX = ".tmp-";

    private final Path directory;
    private final String writerName;
    private final LongAdder writes = new LongAdder();
    private final LongAdder fencingViolations = new LongAdder();

    /**
     * @param directory  the store's directory, shared by all nodes
     * @param writerName names this node in temporary file names, so that nodes never share one
     */
    public AccountStore(Path directory, String writerName) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.writerName = Objects.requireNonNull(writerName, "writerName");
    }

    /**
     * Creates the directory (if needed) and {@code count} accounts named {@code acct-00}, {@code acct-01}, ...,
     * each opened with {@code balance}.
     *
     * @return the account names
     * @throws UncheckedIOException if the files cannot be written
     */
    public static List<String> initialize(Path directory, int count, long balance) {
        AccountStore store = new AccountStore(directory, "init");
        List<String> accounts = accountNames(count);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the store directory " + directory, e);
        }
        accounts.forEach(account -> store.replace(account, AccountRecord.opening(balance)));
        return accounts;
    }

    /** @return {@code count} account names: {@code acct-00}, {@code acct-01}, ... */
    public static List<String> accountNames(int count) {
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(String.format("acct-%02d", i));
        }
        return names;
    }

    /**
     * @return the account's current record
     * @throws UncheckedIOException     if the file cannot be read
     * @throws IllegalArgumentException if it does not hold a record
     */
    public AccountRecord read(String account) {
        Path file = file(account);
        try {
            return AccountRecord.parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read account " + file, e);
        }
    }

    /**
     * Stores {@code record}, counting a fencing violation first if the stored token is larger than the record's.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    public void write(String account, AccountRecord record) {
        if (read(account).fencingToken() > record.fencingToken()) {
            fencingViolations.increment();
        }
        replace(account, record);
        writes.increment();
    }

    /** @return how many writes this node made */
    public long writes() {
        return writes.sum();
    }

    /** @return how many of this node's writes carried a smaller token than the one they replaced */
    public long fencingViolations() {
        return fencingViolations.sum();
    }

    /**
     * @return every account record in the directory, for the audit after a run
     * @throws UncheckedIOException if the directory or a file cannot be read
     */
    public List<AccountRecord> readAll() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(SUFFIX))
                    .sorted()
                    .map(name -> read(name.substring(0, name.length() - SUFFIX.length())))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the store " + directory, e);
        }
    }

    private void replace(String account, AccountRecord record) {
        Path file = file(account);
        Path temp = directory.resolve(account + TEMP_INFIX + writerName + "-" + Thread.currentThread().getId());
        try {
            Files.writeString(temp, record.format(), StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write account " + file, e);
        }
    }

    private Path file(String account) {
        return directory.resolve(account + SUFFIX);
    }
}
