package io.lockfacade.server.table;

import java.util.Comparator;

/**
 * What a session holds of a primitive other than a lock: the primitive's kind and key. A session records one per
 * key it holds grants of, so that its end visits exactly those keys.
 *
 * @param kind which table the key is in
 * @param key  the key
 */
record SessionHolding(Kind kind, LockKey key) {

    /** The order a session's end visits its holdings in: by kind, then key; never a hash table's layout. */
    static final Comparator<SessionHolding> ORDER = Comparator.comparing(SessionHolding::kind)
            .thenComparing(SessionHolding::key, LockKey.ORDER);

    /** The primitives a session can hold besides locks. */
    enum Kind {
        READ_WRITE, SEMAPHORE, LEADERSHIP
    }
}
