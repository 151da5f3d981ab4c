package io.lockfacade.webapp.admin;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupProgress;
import io.lockfacade.server.admin.AdminSource;
import io.lockfacade.server.admin.LockListing;
import io.lockfacade.server.admin.LockRemoval;
import io.lockfacade.server.admin.MasterStats;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * What the admin controllers work with, built once per master: where the table lives ({@link AdminSource}: the
 * single master's, or a master-group leader's), its listing and audited removals, the group member when there is
 * one, the CSRF tokens, the post-redirect notices and the wall clock.
 *
 * @param source   the table, sessions and figures the pages show and change
 * @param group    the master-group member this master is, or {@code null} for the single master
 * @param listing  the filtered, sorted, paged view of the table
 * @param removals force-removals, logged
 * @param csrf     the page forms' CSRF tokens
 * @param notices  outcomes carried across redirects
 * @param clock    the wall clock for ages and token lifetimes
 */
public record AdminServices(AdminSource source, GroupMember group, LockListing listing, AuditedRemovals removals,
                            CsrfTokens csrf, RemovalNotices notices, Clock clock) {

    /** Checks that everything but the group member is there. */
    public AdminServices {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(listing, "listing");
        Objects.requireNonNull(removals, "removals");
        Objects.requireNonNull(csrf, "csrf");
        Objects.requireNonNull(notices, "notices");
        Objects.requireNonNull(clock, "clock");
    }

    /**
     * @param source the master's table, sessions and figures
     * @param group  the master-group member, or {@code null} for the single master
     * @return the admin services, with a fresh CSRF key, on the system clock
     */
    public static AdminServices of(AdminSource source, GroupMember group) {
        Clock clock = Clock.systemUTC();
        return new AdminServices(source, group, new LockListing(source.locks()),
                new AuditedRemovals(new LockRemoval(source.locks())), CsrfTokens.withRandomKey(),
                new RemovalNotices(clock), clock);
    }

    /** @return the master's figures now */
    public MasterStats stats() {
        return source.stats(clock.millis());
    }

    /**
     * Checks that this master may list and change its table now (always on the single master; on a group member
     * only as the confirmed leader).
     *
     * @throws AdminRequestException 421 naming the leader and its page, or 503 while no leader is known
     */
    public void requireCurrent() {
        notServedHere().ifPresent(directions -> {
            throw directions.refusal();
        });
    }

    /** @return directions to the leader when this member cannot serve the lock list now, else empty */
    public Optional<LeaderDirections> notServedHere() {
        try {
            source.requireCurrent();
            return Optional.empty();
        } catch (NotLeaderException notLeader) {
            if (group == null) {
                throw notLeader;
            }
            return Optional.of(LeaderDirections.of(group.status()));
        }
    }

    /** @return the group panel on a master-group member, else empty */
    public Optional<GroupPanelModel> groupPanel() {
        if (group == null) {
            return Optional.empty();
        }
        long now = clock.millis();
        return Optional.of(GroupPanelModel.of(group.status(), GroupProgress.of(group, now), now));
    }
}
