package io.lockfacade.bench.ha;

import io.lockfacade.group.raft.LoopbackPorts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The single master (no {@code --group}) from the same jar, the reference of the latency ratios. */
final class SingleMaster implements AutoCloseable {

    private final MemberJvm process;
    private final String endpoint;

    private SingleMaster(MemberJvm process, String endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Starts the master on a free loopback port; {@link #endpoint()} answers once it is ready. */
    static SingleMaster start(MasterJar jar, Path dir) throws IOException {
        int port = LoopbackPorts.reserve(HaLimits.HOST, 1).get(0);
        MemberJvm process = MemberJvm.start("single", jar.command(List.of("--host", HaLimits.HOST,
                "--port", Integer.toString(port))), dir.resolve("single.log"));
        return new SingleMaster(process, "http://" + HaLimits.HOST + ":" + port + "/remoting/MemoryLockService");
    }

    /** @return the master's Hessian endpoint */
    String endpoint() {
        return endpoint;
    }

    /** @return the master's process id */
    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.close();
    }
}
