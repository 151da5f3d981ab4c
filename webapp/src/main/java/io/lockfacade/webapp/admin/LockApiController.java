package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.RemovalResult;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * The JSON API for scripts, same data and protection as the page.
 *
 * <ul>
 *   <li>{@code GET /admin/api/locks?type=&q=&sort=&page=&size=}: {@link ApiBodies.Listing}.</li>
 *   <li>{@code DELETE /admin/api/locks?type=T&key=K[&token=N]}: removes one lock (200, {@link ApiBodies.Removal});
 *       404 when it is not held, 409 when {@code token} is given and the lock is held under another one.</li>
 *   <li>{@code DELETE /admin/api/locks?type=T&all=true}: removes every lock of the type (200, even when none was
 *       held). The explicit {@code all=true} keeps a script whose key variable came out empty from removing a
 *       whole type.</li>
 * </ul>
 * A {@code DELETE} needs the {@value CsrfInterceptor#REQUESTED_BY_HEADER} header. Errors are
 * {@link ApiBodies.Error} with 400 (bad parameter), 401 (credentials, from the filter), 403, 404, 405 or 409; on a
 * master-group member that is not the leader, 421 naming the leader's page (503 while no leader is known), and
 * nothing changes.
 */
@RestController
@RequestMapping("/api")
public class LockApiController {

    /** The {@code all} value that removes a whole type. */
    public static final String ALL = "true";

    private final AdminServices admin;

    /** @param admin what the API works with */
    public LockApiController(AdminServices admin) {
        this.admin = admin;
    }

    /** @return one page of the listing */
    @GetMapping("/locks")
    public ApiBodies.Listing list(@RequestParam(name = "type", required = false) String type,
                                  @RequestParam(name = "q", required = false) String q,
                                  @RequestParam(name = "sort", required = false) String sort,
                                  @RequestParam(name = "page", required = false) String page,
                                  @RequestParam(name = "size", required = false) String size) {
        ListingParams params = ListingParams.parse(type, q, sort, page, size);
        admin.requireCurrent();
        return ApiBodies.Listing.of(admin.stats(), params, admin.listing().list(params.toQuery()));
    }

    /** @return what was removed; see the class comment for the refusals */
    @DeleteMapping("/locks")
    public ApiBodies.Removal remove(@RequestParam(name = "type", required = false) String type,
                                    @RequestParam(name = "key", required = false) String key,
                                    @RequestParam(name = "token", required = false) String token,
                                    @RequestParam(name = "all", required = false) String all,
                                    HttpServletRequest request) {
        String lockType = RemovalParams.type(type);
        admin.requireCurrent();
        if (key == null) {
            if (!ALL.equals(all)) {
                throw AdminRequestException.badRequest("name the lock with key=..., or pass all=true to remove every"
                        + " lock of type " + LogText.quote(lockType));
            }
            List<LockInfo> removed = admin.removals().removeAllOfType(Requester.of(request), lockType);
            return ApiBodies.Removal.of(removed, null, RemovalMessages.typeOutcome(lockType, removed).text());
        }
        if (all != null) {
            throw AdminRequestException.badRequest("give either key or all=true, not both");
        }
        LockKey lockKey = RemovalParams.lockKey(lockType, key);
        RemovalResult result = admin.removals().removeOne(Requester.of(request), lockKey,
                RemovalParams.token(token));
        String message = RemovalMessages.outcome(result).text();
        return switch (result.outcome()) {
            case REMOVED -> ApiBodies.Removal.of(List.of(result.removed()), result.current(), message);
            case NOT_HELD -> throw new AdminRequestException(HttpServletResponse.SC_NOT_FOUND, message);
            case CHANGED_HANDS -> throw new AdminRequestException(HttpServletResponse.SC_CONFLICT, message);
        };
    }

    /**
     * Answers other methods on {@code /admin/api/locks}.
     *
     * @return never: 405 with {@code Allow: GET, HEAD, DELETE}
     */
    @RequestMapping("/locks")
    public ApiBodies.Error otherMethods(HttpServletResponse response) {
        response.setHeader("Allow", "GET, HEAD, DELETE");
        throw new AdminRequestException(HttpServletResponse.SC_METHOD_NOT_ALLOWED,
                "/admin/api/locks answers GET (listing) and DELETE (removal)");
    }

    /**
     * Answers unknown API paths.
     *
     * @return never: 404
     */
    @RequestMapping("/**")
    public ApiBodies.Error unknown(HttpServletRequest request) {
        throw new AdminRequestException(HttpServletResponse.SC_NOT_FOUND,
                "no such API: the API is /admin/api/locks, /admin/api/sessions and /admin/api/activity");
    }
}
