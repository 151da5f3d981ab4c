package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.MasterHandle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What scenarios share during one run: the profile, a master of each design (started on first use, stopped at the
 * end), a scratch folder, and unique names so that runs never reuse each other's keys or node ids.
 */
public final class BenchContext implements AutoCloseable {

    private final BenchProfile profile;
    private final Path workDir;
    private final String runId = UUID.randomUUID().toString().substring(0, 6);
    private final AtomicInteger names = new AtomicInteger();
    private final Map<Design, MasterHandle> sharedMasters = new EnumMap<>(Design.class);

    /**
     * @param profile how long and how big
     * @param workDir a scratch folder the scenarios may write to; the caller deletes it
     */
    public BenchContext(BenchProfile profile, Path workDir) {
        this.profile = profile;
        this.workDir = workDir;
    }

    /** @return how long and how big */
    public BenchProfile profile() {
        return profile;
    }

    /** @return the scratch folder */
    public Path workDir() {
        return workDir;
    }

    /** @return a name unique in this run, starting with {@code prefix} */
    public String uniqueName(String prefix) {
        return prefix + "-" + runId + "-" + names.incrementAndGet();
    }

    /**
     * @return the master of {@code design} that scenarios S1 to S4 share, started on first use
     * @throws IOException if it cannot start
     */
    public synchronized MasterHandle sharedMaster(Design design) throws IOException {
        MasterHandle master = sharedMasters.get(design);
        if (master == null) {
            master = MasterHandle.start(design, BenchProfile.MASTER_HEAP);
            sharedMasters.put(design, master);
        }
        return master;
    }

    /** Stops the shared masters, so that later scenarios run on a quiet machine. */
    public synchronized void stopSharedMasters() {
        sharedMasters.values().forEach(MasterHandle::close);
        sharedMasters.clear();
    }

    @Override
    public void close() {
        stopSharedMasters();
    }
}
