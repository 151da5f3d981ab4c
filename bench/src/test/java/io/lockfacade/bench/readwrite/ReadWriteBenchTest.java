package io.lockfacade.bench.readwrite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the read-write benchmark in quick mode, node JVMs and all, so that it never rots. Asserts no timing: only
 * that every figure was measured (the writer got the lock behind the readers) and that both reports were written.
 */
class ReadWriteBenchTest {

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void quickModeMeasuresEveryFigure(@TempDir Path out) throws Exception {
        ReadWriteResults results = ReadWriteBenchMain.run(ReadWriteResults.Settings.QUICK);
        String markdown = results.write(out);

        assertTrue(results.throughputRatio() > 0, markdown);
        assertTrue(results.callsPerRead() >= 0 && results.callsPerRead() < 1, "reads share remote grants: " + markdown);
        assertTrue(Double.isFinite(results.writerWaitRatio()), "the writer got the lock behind the readers: "
                + markdown);
        assertTrue(Files.readString(out.resolve("results.json")).contains("throughputRatio"));
    }
}
