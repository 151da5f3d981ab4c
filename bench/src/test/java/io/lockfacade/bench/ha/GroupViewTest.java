package io.lockfacade.bench.ha;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GroupViewTest {

    @Test
    void readsSelfLeaderAndTermOfTheContractsJson() {
        GroupView view = GroupView.parse("{\"self\":\"n1\",\"leader\":\"n2\",\"term\":7,\"members\":[{\"id\":\"n1\","
                + "\"url\":\"http://127.0.0.1:1\",\"role\":\"FOLLOWER\"}]}");
        assertEquals(new GroupView("n1", "n2", 7), view);
    }

    @Test
    void aNullLeaderMeansNoneIsKnown() {
        assertNull(GroupView.parse("{\"self\":\"n3\", \"leader\": null, \"term\": 0, \"members\":[]}").leader());
    }

    @Test
    void aBodyWithoutTheFieldsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> GroupView.parse("{\"error\":\"unauthorized\"}"));
    }
}
