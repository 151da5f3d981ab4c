package io.lockfacade.demo.bank;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shared file store: records, atomic replacement, the fencing check. */
class AccountStoreTest {

    private static final long OPENING = 1_000;

    @TempDir
    Path directory;

    @Test
    void initializeOpensNumberedAccounts() {
        List<String> accounts = AccountStore.initialize(directory, 3, OPENING);

        assertEquals(List.of("acct-00", "acct-01", "acct-02"), accounts);
        assertEquals(AccountRecord.opening(OPENING), new AccountStore(directory, "n").read("acct-01"));
    }

    @Test
    void aWriteIsReadBackAndCounted() {
        AccountStore.initialize(directory, 2, OPENING);
        AccountStore store = new AccountStore(directory, "n");

        store.write("acct-00", store.read("acct-00").next(OPENING + 5, 7));

        assertEquals(new AccountRecord(OPENING + 5, 1, 7), store.read("acct-00"));
        assertEquals(1, store.writes());
    }

    @Test
    void aWriteWithASmallerTokenThanTheStoredOneIsAFencingViolation() {
        AccountStore.initialize(directory, 2, OPENING);
        AccountStore store = new AccountStore(directory, "n");
        store.write("acct-00", store.read("acct-00").next(OPENING, 9));

        store.write("acct-00", store.read("acct-00").next(OPENING, 9));
        store.write("acct-00", store.read("acct-00").next(OPENING, 8));

        assertEquals(1, store.fencingViolations(), "an equal token is the same grant; a smaller one is stale");
    }

    @Test
    void readAllSkipsTemporaryFiles() throws Exception {
        AccountStore.initialize(directory, 2, OPENING);
        Files.writeString(directory.resolve("acct-00.tmp-node-1-7"), "half written");

        assertEquals(2, new AccountStore(directory, "audit").readAll().size());
    }

    @Test
    void aRecordSurvivesItsTextForm() {
        AccountRecord record = new AccountRecord(-12, 345, 6_789);

        assertEquals(record, AccountRecord.parse(record.format().lines().toList()));
    }

    @Test
    void aRecordWithoutAFieldIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> AccountRecord.parse(List.of("balance=1", "writes=2")));
    }
}
