package io.lockfacade.reliability;

import io.lockfacade.reliability.group.LoggedViews;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The harness reads the views a member process logs exactly as {@code GroupMember} writes them. */
class LoggedViewsTest {

    @Test
    void everyLoggedViewIsReadInOrderAndOtherLinesAreSkipped() {
        List<String> log = List.of(
                "2026-11-27T19:43:47.048Z [main] INFO GroupMember - member n2 sees members [n1, n2] (view [n1|1])",
                "2026-11-27T19:43:47.500Z [main] INFO RoleClock - member n2 is Follower in term 1 (leader n1)",
                "2026-11-27T19:43:47.924Z [jgroups-5,lock-facade-master-group,n2] INFO GroupMember - member n2 sees "
                        + "members [n1, n2, n3] (view [n1|2])",
                "2026-11-27T19:44:21.395Z [VERIFY_SUSPECT2.Runner-1] INFO GroupMember - member n2 sees members [] "
                        + "(view [n2|3])");

        assertEquals(List.of(List.of("n1", "n2"), List.of("n1", "n2", "n3"), List.of()), LoggedViews.parse(log));
    }
}
