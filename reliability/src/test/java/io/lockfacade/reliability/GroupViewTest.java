package io.lockfacade.reliability;

import io.lockfacade.testkit.group.GroupView;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness reads {@code GET /admin/api/group} exactly as DESIGN.md writes it. */
class GroupViewTest {

    @Test
    void aLeaderReadsItsOwnViewAsLeading() {
        GroupView view = GroupView.parse("{\"self\":\"n2\",\"leader\":\"n2\",\"term\":7,\"members\":["
                + "{\"id\":\"n1\",\"url\":\"http://127.0.0.1:1\",\"role\":\"FOLLOWER\"},"
                + "{\"id\":\"n2\",\"url\":\"http://127.0.0.1:2\",\"role\":\"LEADER\"}]}");

        assertEquals("n2", view.self());
        assertEquals(Optional.of("n2"), view.leader());
        assertEquals(7, view.term());
        assertEquals(Map.of("n1", "FOLLOWER", "n2", "LEADER"), view.roles());
        assertTrue(view.selfIsLeader());
    }

    @Test
    void aMemberThatKnowsNoLeaderSaysNull() {
        GroupView view = GroupView.parse("{\"self\":\"n1\",\"leader\":null,\"term\":3,\"members\":["
                + "{\"id\":\"n1\",\"url\":\"http://127.0.0.1:1\",\"role\":\"CANDIDATE\"}]}");

        assertEquals(Optional.empty(), view.leader());
        assertFalse(view.selfIsLeader());
    }

    @Test
    void anAnswerWithoutTheContractsFieldsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> GroupView.parse("{\"self\":\"n1\"}"));
        assertThrows(IllegalArgumentException.class,
                () -> GroupView.parse("{\"self\":\"n1\",\"leader\":null,\"term\":1,\"members\":[]}"));
    }
}
