package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.LockListing;
import io.lockfacade.server.admin.LockRemoval;
import io.lockfacade.server.admin.MasterStats;
import io.lockfacade.server.service.MemoryLockServiceImpl;

import java.time.Clock;
import java.util.Objects;

/**
 * What the admin controllers work with, built once per master: the lock service, its listing and audited
 * removals, the CSRF tokens, the post-redirect notices and the wall clock.
 *
 * @param service  the master's lock service
 * @param listing  the filtered, sorted, paged view of its table
 * @param removals force-removals, logged
 * @param csrf     the page forms' CSRF tokens
 * @param notices  outcomes carried across redirects
 * @param clock    the wall clock for ages and token lifetimes
 */
public record AdminServices(MemoryLockServiceImpl service, LockListing listing, AuditedRemovals removals,
                            CsrfTokens csrf, RemovalNotices notices, Clock clock) {

    /** Checks that everything is there. */
    public AdminServices {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(listing, "listing");
        Objects.requireNonNull(removals, "removals");
        Objects.requireNonNull(csrf, "csrf");
        Objects.requireNonNull(notices, "notices");
        Objects.requireNonNull(clock, "clock");
    }

    /** @return the admin services of a master, with a fresh CSRF key, on the system clock */
    public static AdminServices of(MemoryLockServiceImpl service) {
        Clock clock = Clock.systemUTC();
        return new AdminServices(service, new LockListing(service.table()),
                new AuditedRemovals(new LockRemoval(service.table())), CsrfTokens.withRandomKey(),
                new RemovalNotices(clock), clock);
    }

    /** @return the master's figures now */
    public MasterStats stats() {
        return MasterStats.of(service, clock.millis());
    }
}
