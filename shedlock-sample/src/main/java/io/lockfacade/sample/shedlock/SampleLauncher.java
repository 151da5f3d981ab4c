package io.lockfacade.sample.shedlock;

import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Runs {@link ShedLockSampleApplication} as several nodes (each its own Spring context and Lock Facade client,
 * in this JVM) against a master, for a while, then says which node wrote the report how often and whether two
 * ever wrote at once. Without {@code --master} it starts a master in this JVM on a free port.
 *
 * <p>{@code java -jar lock-facade-shedlock-sample.jar [--nodes 3] [--seconds 10] [--master URL]}
 */
public final class SampleLauncher {

    private static final int DEFAULT_NODES = 3;
    private static final int DEFAULT_SECONDS = 10;

    private SampleLauncher() {
    }

    /** Runs the sample; exits with 1 if two nodes ever wrote at once. */
    public static void main(String[] args) throws IOException, InterruptedException {
        int nodes = DEFAULT_NODES;
        int seconds = DEFAULT_SECONDS;
        String masterUrl = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> nodes = Integer.parseInt(value(args, ++i));
                case "--seconds" -> seconds = Integer.parseInt(value(args, ++i));
                case "--master" -> masterUrl = value(args, ++i);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; usage: [--nodes N] [--seconds S] [--master URL]");
            }
        }
        ReportStore store = run(nodes, Duration.ofSeconds(seconds), masterUrl);
        System.out.println("Writes per node: " + store.writesByNode() + "; writes that overlapped: "
                + store.overlaps());
        System.exit(store.overlaps() == 0 ? 0 : 1);
    }

    /**
     * Runs {@code nodes} nodes for {@code duration} against {@code masterUrl}, or against a master started here if
     * it is {@code null}.
     *
     * @return the store the nodes wrote to
     */
    public static ReportStore run(int nodes, Duration duration, String masterUrl)
            throws IOException, InterruptedException {
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, was " + nodes);
        }
        MasterServer master = masterUrl == null ? MasterServer.start(MasterOptions.defaults(
                UUID.randomUUID().toString()).withPort(0)) : null;
        String url = master == null ? masterUrl : master.serviceUri().toString();
        ReportStore store = new ReportStore();
        List<ConfigurableApplicationContext> contexts = new ArrayList<>();
        try {
            for (int i = 1; i <= nodes; i++) {
                contexts.add(node("node-" + i, url, store));
            }
            Thread.sleep(duration.toMillis());
        } finally {
            contexts.forEach(ConfigurableApplicationContext::close);
            if (master != null) {
                master.stop();
            }
        }
        return store;
    }

    private static ConfigurableApplicationContext node(String nodeId, String masterUrl, ReportStore store) {
        return new SpringApplicationBuilder(ShedLockSampleApplication.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .initializers(context -> context.getBeanFactory().registerSingleton("reportStore", store))
                .run("--lockfacade.master-url=" + masterUrl, "--lockfacade.node-id=" + nodeId);
    }

    private static String value(String[] args, int index) {
        if (index >= args.length) {
            throw new IllegalArgumentException(args[index - 1] + " needs a value");
        }
        return args[index];
    }
}
