package io.lockfacade.bench.versions;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The client of one build, loaded from that build's bench jar in a class loader of its own (Lock Facade's classes
 * are the build's, third-party libraries are shared), so that two builds' clients run side by side in one JVM and are measured in the same run. A
 * {@link MutexProbe} is defined inside the loader from this jar's class file and drives that build's client.
 */
final class VersionedClient implements AutoCloseable {

    private static final String PROBE = MutexProbe.class.getName();

    private final String label;
    private final ProbeLoader loader;
    private final Object probe;
    private final Method lockUnlockFreshKeys;
    private final Method contendOneKey;

    private VersionedClient(String label, ProbeLoader loader, Object probe) throws NoSuchMethodException {
        this.label = label;
        this.loader = loader;
        this.probe = probe;
        this.lockUnlockFreshKeys = probe.getClass().getMethod("lockUnlockFreshKeys", int.class);
        this.contendOneKey = probe.getClass().getMethod("contendOneKey", int.class, long.class);
    }

    /**
     * @param label     how reports name the build
     * @param clientJar a bench jar of that build (it holds the build's client and its dependencies)
     * @param masterUrl the Hessian endpoint of the master this client talks to
     * @throws IllegalArgumentException if there is no such jar
     */
    static VersionedClient load(String label, Path clientJar, String masterUrl) throws Exception {
        if (!Files.isRegularFile(clientJar)) {
            throw new IllegalArgumentException("no bench jar at " + clientJar);
        }
        ProbeLoader loader = new ProbeLoader(clientJar.toUri().toURL(), probeClassFile());
        Object probe = inBuild(loader, () -> loader.loadClass(PROBE).getConstructor(String.class, String.class)
                .newInstance(masterUrl, "versions-" + label));
        return new VersionedClient(label, loader, probe);
    }

    /** @return how reports name the build */
    String label() {
        return label;
    }

    /** @see MutexProbe#lockUnlockFreshKeys(int) */
    long[] lockUnlockFreshKeys(int pairs) {
        return (long[]) invoke(lockUnlockFreshKeys, pairs);
    }

    /** @see MutexProbe#contendOneKey(int, long) */
    double contendOneKey(int threads, long millis) {
        return (Double) invoke(contendOneKey, threads, millis);
    }

    private Object invoke(Method method, Object... args) {
        try {
            return inBuild(loader, () -> method.invoke(probe, args));
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(label + "'s client failed: " + e.getCause(), e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws Exception {
        try {
            inBuild(loader, () -> {
                ((AutoCloseable) probe).close();
                return null;
            });
        } finally {
            loader.close();
        }
    }

    /** Runs {@code work} with the build's loader as the context loader (Hessian finds its factories through it). */
    private static <T> T inBuild(ClassLoader loader, Callable<T> work) throws Exception {
        ClassLoader caller = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            return work.call();
        } finally {
            Thread.currentThread().setContextClassLoader(caller);
        }
    }

    private static byte[] probeClassFile() throws IOException {
        String resource = "/" + PROBE.replace('.', '/') + ".class";
        try (InputStream in = MutexProbe.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no class file " + resource + " beside " + VersionedClient.class);
            }
            return in.readAllBytes();
        }
    }

    /**
     * Loads Lock Facade's classes ({@value #OWN_PACKAGES}*) from a build's jar, before its parent's, and
     * {@link MutexProbe} from the bytes of this jar's class file; every other class (Hessian, the JDK's HTTP client,
     * logging) is the parent's, shared by both builds: Hessian's factories are found through the class loader
     * hierarchy, and two copies of it in one JVM do not work together.
     */
    private static final class ProbeLoader extends URLClassLoader {

        private static final String OWN_PACKAGES = "io.lockfacade.";

        static {
            registerAsParallelCapable();
        }

        private final byte[] probeClass;

        ProbeLoader(URL jar, byte[] probeClass) {
            super(new URL[] {jar}, VersionedClient.class.getClassLoader());
            this.probeClass = probeClass;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(OWN_PACKAGES)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    loaded = PROBE.equals(name) ? defineClass(name, probeClass, 0, probeClass.length) : ownOrParent(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }

        private Class<?> ownOrParent(String name) throws ClassNotFoundException {
            try {
                return findClass(name);
            } catch (ClassNotFoundException notInTheBuild) {
                return getParent().loadClass(name);
            }
        }
    }
}
