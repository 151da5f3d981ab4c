package io.lockfacade.bench.primitives;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's own path in quick mode: one second of load each, one hand-over of each kind; reports written. */
class PrimitivesBenchTest {

    @Test
    void aQuickRunMeasuresEverythingAndCountsNoOverGrant(@TempDir Path out) throws Exception {
        PrimitivesOptions options = PrimitivesOptions.parse(new String[] {"--warmup", "1", "--seconds", "1", "--trials", "1",
                "--ttl", "2000", "--out", out.toString()});
        PrimitivesResults results = PrimitivesBenchMain.run(options);
        String markdown = results.write(out);

        assertTrue(results.semaphore().holds() > 0 && results.mutex().holds() > 0, markdown);
        assertEquals(0, results.semaphore().overGrants(), markdown);
        assertTrue(results.semaphore().mostAtOnce() <= PrimitivesBenchMain.PERMITS, markdown);
        assertTrue(results.closeHandovers().get(0) >= 0 && results.crashHandovers().get(0) >= 0, markdown);
        assertTrue(Files.readString(out.resolve("results.json")).contains("\"overGrants\": 0"));
    }
}
