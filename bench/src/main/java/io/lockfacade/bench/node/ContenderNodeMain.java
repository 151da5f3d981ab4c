package io.lockfacade.bench.node;

import io.lockfacade.bench.client.ClientVariant;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.workload.ContentionWorkload;
import io.lockfacade.bench.workload.WorkloadOutcome;
import io.lockfacade.bench.workload.WorkloadSpec;
import io.lockfacade.client.transport.ClientTransportSettings;

import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A client node in its own JVM running a {@link ContentionWorkload}. Usage:
 * {@code ContenderNodeMain design masterUrl nodeId logFile|- variant warmUpPairs <WorkloadSpec args>}. Makes
 * {@code warmUpPairs} uncontended lock+unlock pairs on a key of its own (classes loaded, a connection open, and
 * with enough pairs the client's code compiled by C2, as a long-running node's is), prints {@value #READY}; then,
 * for each {@code GO start=<nanoTime> end=<nanoTime>}, runs with fresh keys, writes its acquisition log if asked
 * and prints {@value #RESULT}. Exits when its standard input ends.
 */
public final class ContenderNodeMain {

    /** Printed once connected and warmed up. */
    public static final String READY = "READY";
    /** Starts the run: {@code start} and {@code end} of the window, as {@link System#nanoTime()}. */
    public static final String GO = "GO";
    /** The outcome: {@code ops calls acquisitions overlaps errors logged busiest}. */
    public static final String RESULT = "RESULT";

    /** Stands for "no log file". */
    public static final String DEFAULT = "-";

    private static final int VARIANT_ARG = 4;
    private static final int WARM_UP_ARG = 5;
    private static final int SPEC_OFFSET = 6;

    private ContenderNodeMain() {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        ParentLink parent = new ParentLink();
        try (LockClient client = LockClient.connect(Design.fromCliName(args[0]), URI.create(args[1]), args[2],
                ClientTransportSettings.DEFAULT_READ_TIMEOUT, ClientVariant.fromCliName(args[VARIANT_ARG]))) {
            WorkloadSpec spec = WorkloadSpec.fromArgs(args, SPEC_OFFSET);
            String warmUpKey = args[2] + "-warm-up";
            for (int pair = Math.max(1, Integer.parseInt(args[WARM_UP_ARG])); pair > 0; pair--) {
                client.facade().lock(spec.lockType(), warmUpKey, ContentionWorkload.LOCK_TIMEOUT.toMillis());
                client.facade().unlock(spec.lockType(), warmUpKey);
            }
            parent.say(READY);
            for (int round = 1; ; round++) {
                NodeLine go = parent.awaitCommand();
                ContentionWorkload workload = new ContentionWorkload(client, spec, args[2] + "-r" + round);
                WorkloadOutcome outcome = workload.run(go.number("start"), go.number("end"));
                if (!DEFAULT.equals(args[3])) {
                    outcome.log().writeTo(Path.of(args[3]));
                }
                parent.say(RESULT, "ops", outcome.operations(), "calls", outcome.remoteCalls(),
                        "acquisitions", outcome.acquisitionsRun(), "overlaps", outcome.overlaps(),
                        "errors", outcome.errors(), "logged", outcome.log().size(),
                        "busiest", outcome.busiestThread());
            }
        } catch (Exception | Error e) {
            parent.fail(e);
        }
    }

    /**
     * @return the arguments of a {@code design} in {@code variant} at {@code serviceUri}, warming up with
     *         {@code warmUpPairs}, then running {@code spec}
     */
    public static List<String> args(Design design, URI serviceUri, String nodeId, Path logFile,
                                    ClientVariant variant, int warmUpPairs, WorkloadSpec spec) {
        return Stream.concat(Stream.of(design.cliName(), serviceUri.toString(), nodeId,
                logFile == null ? DEFAULT : logFile.toString(), variant.cliName(), Integer.toString(warmUpPairs)),
                Arrays.stream(spec.toArgs())).toList();
    }
}
