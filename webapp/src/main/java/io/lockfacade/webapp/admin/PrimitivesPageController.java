package io.lockfacade.webapp.admin;

import io.lockfacade.server.table.HolderView;
import io.lockfacade.server.table.PrimitivesListing;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The primitives page: {@code GET /admin/primitives} lists read-write locks (readers, writer, waiters by mode),
 * semaphores (capacity, held, holders, waiters) and leaderships (leader, epoch, participants); its forms (confirmed,
 * CSRF-checked and audited like a lock removal) force-release a grant, revoke a leader or set a capacity, through
 * the log on a master group.
 */
@Controller
public class PrimitivesPageController {

    /** Where the page lives. */
    public static final String PRIMITIVES_PATH = "/admin/primitives";

    private static final String NOTICE_PARAMETER = "notice";

    private final AdminServices admin;
    private final AuditedPrimitiveActions actions;

    /** @param admin what the page works with */
    public PrimitivesPageController(AdminServices admin) {
        this.admin = admin;
        this.actions = new AuditedPrimitiveActions(admin.source().primitives().operations());
    }

    /** One read-write lock as the page shows it. */
    public record ReadWriteRow(String type, String key, String writer, String readers, int readersWaiting,
                               int writersWaiting) {
    }

    /** One semaphore as the page shows it. */
    public record SemaphoreRow(String type, String key, int capacity, int held, String holders, int waiting) {
    }

    /** One leadership as the page shows it. */
    public record LeadershipRow(String name, String leader, long epoch, String participants) {
    }

    /**
     * What the page shows.
     *
     * @param readWriteLocks every read-write lock held or waited for
     * @param semaphores     every semaphore held, waited for or set by an operator
     * @param leaderships    every leadership with participants
     * @param csrfToken      the token the forms carry
     * @param notice         the outcome of the last action, or {@code null}
     */
    public record PrimitivesPageModel(List<ReadWriteRow> readWriteLocks, List<SemaphoreRow> semaphores,
                                      List<LeadershipRow> leaderships, String csrfToken, Notice notice) {

        static PrimitivesPageModel of(PrimitivesListing listing, String csrfToken, Notice notice) {
            return new PrimitivesPageModel(
                    listing.readWriteLocks().stream().map(v -> new ReadWriteRow(v.lockKey().lockType(),
                            v.lockKey().key(), v.writer() == null ? "" : grants(List.of(v.writer()), false),
                            grants(v.readers(), false), v.readersWaiting(), v.writersWaiting())).toList(),
                    listing.semaphores().stream().map(v -> new SemaphoreRow(v.lockKey().lockType(),
                            v.lockKey().key(), v.capacity(), v.held(), grants(v.holders(), true), v.waiting()))
                            .toList(),
                    listing.leaderships().stream().map(v -> new LeadershipRow(v.lockKey().key(),
                            v.leader() == null ? "" : v.leader(), v.epoch(),
                            String.join(", ", v.participants()))).toList(),
                    csrfToken, notice);
        }

        private static String grants(List<HolderView> holders, boolean permits) {
            return holders.stream().map(h -> h.owner() + " (token " + h.fencingToken()
                    + (permits ? ", " + h.permits() + " permits" : "") + ")")
                    .collect(Collectors.joining(", "));
        }
    }

    /** @return the page; on a master-group member that is not the leader, directions to the leader */
    @GetMapping("/primitives")
    public ModelAndView primitives(@RequestParam(name = NOTICE_PARAMETER, required = false) String notice,
                                   HttpServletRequest request) {
        Optional<LeaderDirections> elsewhere = admin.notServedHere();
        if (elsewhere.isPresent()) {
            return new ModelAndView("primitives", LockPageController.ELSEWHERE_MODEL, elsewhere.get());
        }
        PrimitivesListing listing = admin.source().primitives().listing();
        return new ModelAndView("primitives", "view", PrimitivesPageModel.of(listing,
                admin.csrf().issue(Requester.of(request).user()), admin.notices().find(notice)));
    }

    /** Force-releases a read or write grant ({@code token} 0: every grant of the lock). */
    @PostMapping("/primitives/release-read-write")
    public RedirectView releaseReadWrite(@RequestParam(name = "type", required = false) String type,
                                         @RequestParam(name = "key", required = false) String key,
                                         @RequestParam(name = "token", defaultValue = "0") long token,
                                         HttpServletRequest request) {
        admin.requireCurrent();
        return back(actions.releaseReadWrite(Requester.of(request), type, key, token));
    }

    /** Force-releases a holder's permits ({@code token} 0: every holder). */
    @PostMapping("/primitives/release-permits")
    public RedirectView releasePermits(@RequestParam(name = "type", required = false) String type,
                                       @RequestParam(name = "key", required = false) String key,
                                       @RequestParam(name = "token", defaultValue = "0") long token,
                                       HttpServletRequest request) {
        admin.requireCurrent();
        return back(actions.releasePermits(Requester.of(request), type, key, token));
    }

    /** Revokes a leader ({@code epoch} 0: whoever leads). */
    @PostMapping("/primitives/revoke")
    public RedirectView revoke(@RequestParam(name = "name", required = false) String name,
                               @RequestParam(name = "epoch", defaultValue = "0") long epoch,
                               HttpServletRequest request) {
        admin.requireCurrent();
        return back(actions.revoke(Requester.of(request), name, epoch));
    }

    /** Sets a semaphore's capacity. */
    @PostMapping("/primitives/capacity")
    public RedirectView capacity(@RequestParam(name = "type", required = false) String type,
                                 @RequestParam(name = "key", required = false) String key,
                                 @RequestParam(name = "capacity", defaultValue = "0") int capacity,
                                 HttpServletRequest request) {
        admin.requireCurrent();
        return back(actions.setCapacity(Requester.of(request), type, key, capacity));
    }

    private RedirectView back(Notice notice) {
        return LockPageController.seeOther(PRIMITIVES_PATH + "?" + NOTICE_PARAMETER + "="
                + admin.notices().put(notice));
    }
}
