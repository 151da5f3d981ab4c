package io.lockfacade.webapp;

import io.lockfacade.api.LockLimits;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.service.GroupLockListing;
import io.lockfacade.group.service.GroupMemberLockService;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.table.PrimitivesListing;
import io.lockfacade.server.service.ParkingLockService;
import io.lockfacade.server.transport.HessianEndpointServlet;
import io.lockfacade.server.transport.SecretCheck;
import io.lockfacade.webapp.admin.AdminCredentials;
import io.lockfacade.webapp.activity.MasterActivity;
import io.lockfacade.webapp.admin.AdminPages;
import io.lockfacade.webapp.admin.GroupStatusServlet;
import io.lockfacade.webapp.metrics.MasterMetrics;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running master: the lock service behind embedded Jetty, with the Hessian endpoint at
 * {@value LockLimits#SERVICE_PATH} and the admin pages under {@code /admin}. Tests start one in-process on port 0.
 *
 * <p>{@link #stop()} stops accepting connections, lets calls in progress finish for up to {@link #STOP_TIMEOUT}
 * (parked waiters still waiting then are cut off, their clients see an I/O error), closes the lock service and
 * deletes the JSP scratch folder. It logs one line at start and one at stop.
 */
public final class MasterServer implements AutoCloseable {

    /** Longest a stop waits for calls in progress. */
    public static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(MasterServer.class);
    private static final String SERVICE_SERVLET_NAME = "memory-lock-service";

    private final Server server;
    private final MemoryLockServiceImpl service;
    private final GroupNode group;
    private final MasterMetrics metrics;
    private final MasterActivity activity;
    private final Path scratchDir;
    private final URI baseUri;
    private final long startedAtNanos;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private MasterServer(Server server, MemoryLockServiceImpl service, GroupNode group, MasterMetrics metrics,
                         MasterActivity activity, Path scratchDir, URI baseUri, long startedAtNanos) {
        this.server = server;
        this.service = service;
        this.group = group;
        this.metrics = metrics;
        this.activity = activity;
        this.scratchDir = scratchDir;
        this.baseUri = baseUri;
        this.startedAtNanos = startedAtNanos;
    }

    /**
     * Starts a master and returns once it accepts calls.
     *
     * @param options where to listen and how to behave
     * @return the running master
     * @throws IOException if the port cannot be bound or Jetty fails to start; nothing is left running then
     */
    public static MasterServer start(MasterOptions options) throws IOException {
        long startNanos = System.nanoTime();
        MasterSettings settings = MasterSettings.defaults().withDefaultLease(options.defaultLease())
                .withWaitCap(options.waitCap());
        MasterMetrics metrics = MasterMetrics.create();
        PlaintextWarning.forOptions(options).ifPresent(LOG::warn);
        GroupNode group = options.group() == null ? null
                : GroupNode.start(options.group(), settings, options.optionalTls().map(MasterTlsOptions::stores));
        MemoryLockServiceImpl service = group == null ? new MemoryLockServiceImpl(settings, metrics.lockEvents())
                : null;
        Path scratch = null;
        Server server = new Server(HttpServerSizing.threadPool());
        MasterActivity activity = null;
        if (service != null) {
            // The meters and the activity page read the single master's table; a member's read the replicated table
            // (the per-type counters and the lock gauge on the leader only) and its log.
            metrics.bind(service.table(), server.getThreadPool());
            metrics.countDeadlocks(service.deadlocks().log());
            metrics.bindPrimitives(() -> Optional.of(PrimitivesListing.of(service.table().machine())));
            activity = MasterActivity.start(service.table(), metrics.waiting());
        } else {
            GroupLockListing listing = GroupLockListing.of(group.service());
            GroupMember member = group.member();
            metrics.bindGroup(() -> member.isLeader() ? listing.size() : Double.NaN, server.getThreadPool(),
                    member::logWrites);
            member.stateMachine().setLockEvents(metrics.lockEvents());
            activity = MasterActivity.start(member.stateMachine()::grantCount, metrics.waiting());
            metrics.countDeadlocks(group.service().deadlocks().log());
            metrics.bindPrimitives(() -> member.isLeader() ? Optional.of(member.stateMachine().table().primitives())
                    : Optional.empty());
        }
        try {
            scratch = JspSupport.createScratch();
            SslContextFactory.Server tls = options.optionalTls().map(HttpsSetup::contextFactory).orElse(null);
            ServerConnector connector = HttpServerSizing.addConnector(server, options.host(), options.port(),
                    options.waitCap(), tls);
            if (tls != null) {
                HttpsSetup.watchKeystore(server, tls);
            }
            Handler handlers = HttpServerSizing.loadBodiesFirst(context(options, service, group, scratch, metrics,
                    activity));
            server.setHandler(new GracefulHandler(handlers));
            server.setErrorHandler(quietErrors(new ErrorHandler()));
            server.setStopTimeout(STOP_TIMEOUT.toMillis());
            server.setStopAtShutdown(false);
            server.start();
            URI base = URI.create((tls == null ? "http" : "https") + "://" + hostForUri(options.host()) + ":"
                    + connector.getLocalPort());
            MasterServer master = new MasterServer(server, service, group, metrics, activity, scratch, base,
                    startNanos);
            LOG.info("Lock Facade master started on {} in {} ms (default lease {}, wait cap {}, {}{}{})", base,
                    Duration.ofNanos(System.nanoTime() - startNanos).toMillis(),
                    DurationText.format(options.defaultLease()), DurationText.format(options.waitCap()),
                    options.optionalSecret().isPresent() ? "secret required" : "no secret",
                    options.optionalTls().map(t -> ", TLS, client certificates " + t.clientAuth()).orElse(""),
                    group == null ? "" : ", member " + options.group().nodeId() + " of group "
                            + options.group().topology() + ", data in " + options.group().dataDir());
            return master;
        } catch (Exception e) {
            stopQuietly(server);
            closeAll(service, group, metrics, activity);
            if (scratch != null) {
                JspSupport.deleteScratch(scratch);
            }
            throw e instanceof IOException io ? io
                    : new IOException("could not start the master on " + options.host() + ":" + options.port(), e);
        }
    }

    /** @return the port the master listens on (the bound one when started with port 0) */
    public int port() {
        return baseUri.getPort();
    }

    /** @return the Hessian endpoint, {@code http://HOST:PORT/remoting/MemoryLockService} ({@code https} with TLS) */
    public URI serviceUri() {
        return baseUri.resolve(LockLimits.SERVICE_PATH);
    }

    /** @return the admin page, {@code http://HOST:PORT/admin/locks} */
    public URI adminUri() {
        return baseUri.resolve(AdminPages.LOCKS_PATH);
    }

    /**
     * @return the lock service, to inspect its table in tests and the admin page
     * @throws IllegalStateException on a master-group member, whose table is replicated ({@link #groupService()})
     */
    public MemoryLockServiceImpl service() {
        if (service == null) {
            throw new IllegalStateException("a master-group member has no single-master lock service");
        }
        return service;
    }

    /** @return the member's lock service when this master is a master-group member */
    public Optional<GroupMemberLockService> groupService() {
        return Optional.ofNullable(group).map(GroupNode::service);
    }

    /** @return {@code http://HOST:PORT/admin/api/group} when this master is a master-group member */
    public Optional<URI> groupStatusUri() {
        return Optional.ofNullable(group).map(node -> baseUri.resolve(GroupStatusServlet.PATH));
    }

    /** @return the master's meters, as {@code /admin/metrics} serves them */
    public MasterMetrics metrics() {
        return metrics;
    }

    /** Stops the master; see the class comment. Safe to call more than once and from a shutdown hook. */
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        stopQuietly(server);
        closeAll(service, group, metrics, activity);
        try {
            JspSupport.deleteScratch(scratchDir);
        } catch (RuntimeException e) {
            LOG.warn("could not delete the JSP scratch folder {}: {}", scratchDir, e.toString());
        }
        LOG.info("Lock Facade master stopped on {} after {}", baseUri,
                DurationText.format(Duration.ofSeconds(Duration.ofNanos(System.nanoTime() - startedAtNanos)
                        .toSeconds())));
    }

    /** Same as {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    private static void closeAll(MemoryLockServiceImpl service, GroupNode group, MasterMetrics metrics,
                                 MasterActivity activity) {
        if (activity != null) {
            activity.close();
        }
        metrics.close();
        if (service != null) {
            service.close();
        }
        if (group != null) {
            group.close();
        }
    }

    private static ServletContextHandler context(MasterOptions options, MemoryLockServiceImpl service,
                                                 GroupNode group, Path scratch, MasterMetrics metrics,
                                                 MasterActivity activity) {
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        context.setErrorHandler(quietErrors(new org.eclipse.jetty.ee11.servlet.ErrorHandler()));
        JspSupport.prepare(context, scratch);
        SecretCheck secretCheck = options.optionalSecret().map(SecretCheck::requiring).orElse(SecretCheck.open());
        ParkingLockService served = group == null ? service : group.service();
        ServletHolder endpoint = new ServletHolder(SERVICE_SERVLET_NAME,
                new HessianEndpointServlet(served, secretCheck, new JettyClientPresence(),
                        metrics.callObserver()));
        endpoint.setAsyncSupported(true);
        context.addServlet(endpoint, HessianEndpointServlet.MAPPING);
        AdminCredentials credentials = new AdminCredentials(options.adminUser(), options.adminPassword());
        if (group == null) {
            AdminPages.install(context, service, credentials, metrics, activity);
        } else {
            AdminPages.installOnGroupMember(context, group.service(), credentials, metrics, activity);
        }
        return context;
    }

    private static ErrorHandler quietErrors(ErrorHandler handler) {
        handler.setShowStacks(false);
        handler.setShowCauses(false);
        handler.setShowMessageInTitle(false);
        return handler;
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (TimeoutException e) {
            LOG.info("calls still in progress after {} were cut off", DurationText.format(STOP_TIMEOUT));
        } catch (Exception e) {
            LOG.warn("Jetty did not stop cleanly: {}", e.toString());
        }
    }

    private static String hostForUri(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
