package io.lockfacade.bench.workload;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WorkloadSpecTest {

    @Test
    void aSpecSurvivesTheCommandLine() {
        WorkloadSpec spec = new WorkloadSpec("type", true, 16, Duration.ofMillis(2), Duration.ofMillis(150), true);
        String[] args = spec.toArgs();
        String[] withPrefix = new String[args.length + 1];
        withPrefix[0] = "ignored";
        System.arraycopy(args, 0, withPrefix, 1, args.length);
        assertEquals(spec, WorkloadSpec.fromArgs(withPrefix, 1));
    }
}
