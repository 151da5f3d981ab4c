package io.lockfacade.sample.shedlock;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The sample as its command runs it: nodes against a master started here, one report writer at a time. */
class SampleLauncherTest {

    @Test
    void twoNodesWriteTheReportOneAtATimeWithGrowingTokens() throws Exception {
        ReportStore store = SampleLauncher.run(2, Duration.ofSeconds(4), null);

        assertFalse(store.writesByNode().isEmpty(), "nobody wrote the report");
        assertEquals(0, store.overlaps());
    }
}
