package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.RemovalResult;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The admin page, {@code /admin/locks}, and its two actions.
 *
 * <ul>
 *   <li>{@code GET /admin/locks?type=&q=&sort=&page=&notice=}: the listing (see {@link ListingParams}).</li>
 *   <li>{@code POST /admin/locks/remove} ({@code type}, {@code key}, {@code token}, {@code back}) and
 *       {@code POST /admin/locks/remove-type} ({@code type}, {@code back}): without {@code confirm=yes} they only
 *       show a confirmation page with the lock as it is now; with it they remove, then redirect (303) to the
 *       listing given by {@code back} with the outcome as a notice. The page's script asks the question in a
 *       dialog and adds {@code confirm=yes} itself, so the confirmation page is the fallback without JavaScript.</li>
 * </ul>
 * Every POST needs the CSRF token ({@link CsrfInterceptor}); a GET on the actions is answered 405.
 */
@Controller
public class LockPageController {

    /** The value of {@code confirm} that carries out a removal. */
    public static final String CONFIRMED = "yes";

    /** Path of the one-lock removal, relative to {@code /admin}. */
    public static final String REMOVE_PATH = "/locks/remove";

    /** Path of the remove-all-of-a-type action, relative to {@code /admin}. */
    public static final String REMOVE_TYPE_PATH = "/locks/remove-type";

    private static final String LOCKS_VIEW = "locks";
    private static final String CONFIRM_VIEW = "confirm";
    private static final String NOTICE_PARAMETER = "notice";

    /** Model attribute of the group panel, on a master-group member. */
    static final String GROUP_MODEL = "group";

    /** Model attribute of the directions to the leader, on a member that cannot serve the list. */
    static final String ELSEWHERE_MODEL = "elsewhere";

    /** Model attribute saying whether the activity page is served here (the single master, a group's leader). */
    static final String ACTIVITY_MODEL = "activityShown";

    private final AdminServices admin;

    /** @param admin what the page works with */
    public LockPageController(AdminServices admin) {
        this.admin = admin;
    }

    /** @return a redirect from {@code /admin} to the lock page */
    @GetMapping({"", "/"})
    public RedirectView root() {
        return seeOther(AdminPages.LOCKS_PATH);
    }

    /**
     * @return the listing; 400 (error page) naming a bad parameter. On a master-group member that is not the
     *         confirmed leader: the group panel and directions to the leader's page instead of the listing
     */
    @GetMapping("/locks")
    public ModelAndView locks(@RequestParam(name = "type", required = false) String type,
                              @RequestParam(name = "q", required = false) String q,
                              @RequestParam(name = "sort", required = false) String sort,
                              @RequestParam(name = "page", required = false) String page,
                              @RequestParam(name = "size", required = false) String size,
                              @RequestParam(name = NOTICE_PARAMETER, required = false) String notice,
                              HttpServletRequest request) {
        ListingParams params = ListingParams.parse(type, q, sort, page, size);
        Optional<LeaderDirections> elsewhere = admin.notServedHere();
        ModelAndView answer = new ModelAndView(LOCKS_VIEW);
        admin.groupPanel().ifPresent(panel -> answer.addObject(GROUP_MODEL, panel));
        answer.addObject(ACTIVITY_MODEL, elsewhere.isEmpty());
        if (elsewhere.isPresent()) {
            answer.addObject(ELSEWHERE_MODEL, elsewhere.get());
            return answer;
        }
        long now = admin.clock().millis();
        answer.addObject("view", LocksPageModel.of(admin.listing().list(params.toQuery()), params, admin.stats(),
                csrfToken(request), admin.notices().find(notice), now));
        return answer;
    }

    /**
     * Removes one lock once confirmed; before that, shows the confirmation page.
     *
     * @return the confirmation page, or a redirect to the listing with the outcome
     */
    @PostMapping(REMOVE_PATH)
    public ModelAndView remove(@RequestParam(name = "type", required = false) String type,
                               @RequestParam(name = "key", required = false) String key,
                               @RequestParam(name = "token", required = false) String token,
                               @RequestParam(name = "back", required = false) String back,
                               @RequestParam(name = "confirm", required = false) String confirm,
                               HttpServletRequest request) {
        LockKey lockKey = RemovalParams.lockKey(type, key);
        OptionalLong expected = RemovalParams.token(token);
        ListingParams listing = ListingParams.fromQuery(back);
        admin.requireCurrent();
        if (!CONFIRMED.equals(confirm)) {
            return new ModelAndView(CONFIRM_VIEW, "confirm", confirmOne(lockKey, expected, listing, request));
        }
        RemovalResult result = admin.removals().removeOne(Requester.of(request), lockKey, expected);
        return new ModelAndView(backWithNotice(listing, RemovalMessages.outcome(result)));
    }

    /**
     * Removes every lock of a type once confirmed; before that, shows the confirmation page.
     *
     * @return the confirmation page, or a redirect to the listing with the outcome
     */
    @PostMapping(REMOVE_TYPE_PATH)
    public ModelAndView removeType(@RequestParam(name = "type", required = false) String type,
                                   @RequestParam(name = "back", required = false) String back,
                                   @RequestParam(name = "confirm", required = false) String confirm,
                                   HttpServletRequest request) {
        String lockType = RemovalParams.type(type);
        ListingParams listing = ListingParams.fromQuery(back);
        admin.requireCurrent();
        if (!CONFIRMED.equals(confirm)) {
            return new ModelAndView(CONFIRM_VIEW, "confirm", confirmType(lockType, listing, request));
        }
        List<LockInfo> removed = admin.removals().removeAllOfType(Requester.of(request), lockType);
        return new ModelAndView(backWithNotice(listing, RemovalMessages.typeOutcome(lockType, removed)));
    }

    /**
     * Answers any other method on the actions: removal takes a POST from the page, never a GET.
     *
     * @return never returns normally: answers 405 with the error page and removes nothing
     */
    @RequestMapping({REMOVE_PATH, REMOVE_TYPE_PATH})
    public ModelAndView otherMethods(HttpServletResponse response) {
        response.setHeader("Allow", "POST");
        throw new AdminRequestException(HttpServletResponse.SC_METHOD_NOT_ALLOWED,
                "Locks are removed with the Remove buttons of the lock page (a POST); nothing was removed.");
    }

    private ConfirmModel confirmOne(LockKey key, OptionalLong expected, ListingParams listing,
                                    HttpServletRequest request) {
        Optional<LockInfo> now = admin.source().locks().describe(key);
        if (now.isEmpty()) {
            return confirm(false, key.lockType(), key.key(), null, 0, null,
                    RemovalMessages.outcome(new RemovalResult(key, RemovalResult.Outcome.NOT_HELD, null, null)),
                    listing, request);
        }
        LockInfo lock = now.get();
        Notice changed = expected.isPresent() && expected.getAsLong() != lock.fencingToken()
                ? RemovalMessages.outcome(new RemovalResult(key, RemovalResult.Outcome.CHANGED_HANDS, null, lock))
                : null;
        return confirm(false, key.lockType(), key.key(), LockRowView.of(lock, admin.clock().millis()), 0,
                RemovalMessages.question(lock), changed, listing, request);
    }

    private ConfirmModel confirmType(String lockType, ListingParams listing, HttpServletRequest request) {
        AtomicInteger counter = new AtomicInteger();
        admin.source().locks().forEachKey(key -> {
            if (key.lockType().equals(lockType)) {
                counter.incrementAndGet();
            }
        });
        int count = counter.get();
        if (count == 0) {
            return confirm(true, lockType, null, null, 0, null, RemovalMessages.typeOutcome(lockType, List.of()),
                    listing, request);
        }
        return confirm(true, lockType, null, null, count, RemovalMessages.typeQuestion(lockType, count), null,
                listing, request);
    }

    private ConfirmModel confirm(boolean forType, String type, String key, LockRowView lock, int typeCount,
                                 String question, Notice notice, ListingParams listing, HttpServletRequest request) {
        return new ConfirmModel(forType, type, key, lock, typeCount, question, notice, csrfToken(request),
                listing.query(), listing.url(AdminPages.LOCKS_PATH));
    }

    private RedirectView backWithNotice(ListingParams listing, Notice notice) {
        String url = listing.url(AdminPages.LOCKS_PATH);
        String separator = url.indexOf('?') < 0 ? "?" : "&";
        return seeOther(url + separator + NOTICE_PARAMETER + "=" + admin.notices().put(notice));
    }

    private String csrfToken(HttpServletRequest request) {
        return admin.csrf().issue(Requester.of(request).user());
    }

    /** @return a 303 redirect to {@code url} on this host, as every admin form answers */
    static RedirectView seeOther(String url) {
        RedirectView redirect = new RedirectView(url, true);
        redirect.setStatusCode(HttpStatus.SEE_OTHER);
        redirect.setExpandUriTemplateVariables(false);
        redirect.setExposeModelAttributes(false);
        return redirect;
    }
}
