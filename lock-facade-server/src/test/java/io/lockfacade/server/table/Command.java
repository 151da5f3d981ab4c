package io.lockfacade.server.table;

import java.util.OptionalLong;

/**
 * A command to a {@link LockMachine} as a value, the way a replicated log would carry it, with the moment it is
 * applied at. Test support: feeding the same commands to two machines must give the same outcomes and states.
 */
sealed interface Command {

    /** @return what the machine answered */
    Object applyTo(LockMachine machine);

    record Acquire(LockKey key, String owner, long leaseMillis, String sessionId, long waiterId, Moment at)
            implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.acquire(key, owner, leaseMillis, sessionId, waiterId, at);
        }
    }

    record Release(LockKey key, String owner, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.release(key, owner, at);
        }
    }

    record Renew(LockKey key, String owner, long leaseMillis, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.renew(key, owner, leaseMillis, at);
        }
    }

    record Withdraw(LockKey key, long waiterId) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.withdraw(key, waiterId);
        }
    }

    record ForceRemove(LockKey key, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.forceRemove(key, OptionalLong.empty(), at);
        }
    }

    record Expire(LockKey key, long token, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.expire(key, token, at);
        }
    }

    record OpenSession(String sessionId, long ttlMillis, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.sessions().open(sessionId, ttlMillis, at);
        }
    }

    record KeepAlive(String sessionId, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.sessions().keepAlive(sessionId, at);
        }
    }

    record EndSession(String sessionId, Effects.Cause cause, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.sessions().end(sessionId, cause, at);
        }
    }

    record ExpireSession(String sessionId, Moment at) implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.sessions().expire(sessionId, at);
        }
    }

    record DropWaiters() implements Command {
        @Override
        public Object applyTo(LockMachine machine) {
            return machine.dropWaiters();
        }
    }
}
