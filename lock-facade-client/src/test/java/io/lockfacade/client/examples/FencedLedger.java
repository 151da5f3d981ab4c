package io.lockfacade.client.examples;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The resource of the docs' examples: account balances that, like a table with a fence column, refuse a write whose
 * fencing token is smaller than the largest one accepted for that account. A lock's holder that paused past its
 * lease then cannot overwrite the work of the holder after it.
 */
public final class FencedLedger {

    private record Entry(long balance, long fence) {
    }

    private final ConcurrentHashMap<String, Entry> accounts = new ConcurrentHashMap<>();

    /** @return the balance of {@code account}; 0 if it was never written */
    public long balance(String account) {
        Entry entry = accounts.get(account);
        return entry == null ? 0 : entry.balance();
    }

    /** @return the largest fencing token accepted for {@code account}; 0 if it was never written */
    public long fence(String account) {
        Entry entry = accounts.get(account);
        return entry == null ? 0 : entry.fence();
    }

    /**
     * Sets the balance of {@code account} if {@code token} is at least the largest accepted for it.
     *
     * @throws IllegalStateException if {@code token} is smaller; nothing is written
     */
    public void write(String account, long balance, long token) {
        accounts.compute(account, (name, entry) -> {
            if (entry != null && token < entry.fence()) {
                throw new IllegalStateException("stale fencing token " + token + " for account " + name + ": "
                        + entry.fence() + " was accepted before");
            }
            return new Entry(balance, token);
        });
    }
}
