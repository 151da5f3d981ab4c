package io.lockfacade.group.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;
import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToIntFunction;

/**
 * The leader's unlocks answered before they are durable ({@link MemoryLockService#unlockEarly}) and their settling
 * ({@link MemoryLockService#settleReleases}). A release is answered early only when the applied table shows the
 * owner holding the lock and no call waits for it (a waiter is handed the lock in the release's own entry, which
 * the durable unlock does): the leader then proposes a release of that grant, named by owner and fencing token,
 * and answers with the token as soon as the proposal is on its way to the log. The proposal lingers a moment to
 * share the next entry (the same client's next acquisition, typically), so a lock+unlock costs one durable round,
 * not two; it commits in the background, and if this leader fails first it may be lost, which is why the client
 * keeps the release and settles it.
 *
 * <p>Settling reads the applied table, which holds committed entries only: a named grant no longer held under its
 * token has ended durably, and one still held is released now, through the log, before the call returns.
 */
final class EarlyReleases {

    private final ReplicatedLockTable table;
    private final LeaderProposer log;
    private final ToIntFunction<LockKey> waitingFor;

    /**
     * @param table      the applied table
     * @param log        the leader's way to the log
     * @param waitingFor how many calls are parked on this leader for a lock
     */
    EarlyReleases(ReplicatedLockTable table, LeaderProposer log, ToIntFunction<LockKey> waitingFor) {
        this.table = table;
        this.log = log;
        this.waitingFor = waitingFor;
    }

    /**
     * Releases the owner's grant early if it may.
     *
     * @return the token of the grant whose release is under way, or empty if the unlock must be made durably
     * @throws io.lockfacade.api.NotLeaderException if this member does not lead
     */
    OptionalLong unlockEarly(LockKey key, String owner) {
        log.requireLeader();
        OptionalLong token = table.tokenHeldBy(key, owner);
        if (token.isEmpty() || waitingFor.applyAsInt(key) > 0 || !log.isServing()) {
            return OptionalLong.empty();
        }
        log.proposeLingering(now -> release(now, key, owner, token.getAsLong()));
        return token;
    }

    /** @see MemoryLockService#settleReleases */
    int settle(String owner, String grants) {
        LockArguments.requireOwner(owner);
        List<HeldLock> named = HeldLock.decode(grants, "grants");
        log.requireLeader();
        List<CompletableFuture<Reply>> releasing = new ArrayList<>();
        for (HeldLock grant : named) {
            LockKey key = new LockKey(grant.lockType(), grant.key());
            if (table.tokenHeldBy(key, owner).orElse(0) == grant.fencingToken()) {
                releasing.add(log.propose(now -> release(now, key, owner, grant.fencingToken())));
            }
        }
        int released = 0;
        for (CompletableFuture<Reply> release : releasing) {
            if (log.await(release).yes()) {
                released++;
            }
        }
        return released;
    }

    private static Command release(long now, LockKey key, String owner, long token) {
        return Command.onLock(Command.Kind.RELEASE_GRANT, now, key.lockType(), key.key(), owner, 0).expecting(token);
    }
}
