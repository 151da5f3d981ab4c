package io.lockfacade.webapp;

import org.apache.tomcat.InstanceManager;
import org.apache.tomcat.JarScanner;
import org.apache.tomcat.SimpleInstanceManager;
import org.apache.tomcat.util.scan.StandardJarScanner;
import org.eclipse.jetty.ee11.apache.jsp.JettyJasperInitializer;
import org.eclipse.jetty.ee11.jsp.JettyJspServlet;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;

import jakarta.servlet.ServletContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Prepares a {@link ServletContextHandler} inside an executable jar for JSPs under
 * {@code src/main/resources/webapp/WEB-INF/jsp/}.
 *
 * <p>What embedded Jasper needs, found the hard way (see STACK-NOTES): a scratch folder as
 * {@link ServletContext#TEMPDIR}, a context class loader of its own (the application loader wrapped in a
 * {@link URLClassLoader}), the base resource taken from the class loader's {@value #BASE_RESOURCE} URL,
 * {@link JettyJasperInitializer} as container initializer and {@link JettyJspServlet} on {@code *.jsp}.
 */
public final class JspSupport {

    /** Class-path folder holding the web resources (JSPs under its {@code WEB-INF/jsp}). */
    public static final String BASE_RESOURCE = "webapp/";

    private static final String JSP_SERVLET_NAME = "jsp";
    private static final String JSP_PATTERN = "*.jsp";
    private static final String JAVA_RELEASE = "17";

    private JspSupport() {
    }

    /**
     * @param context    the context to prepare, not started
     * @param scratchDir an empty folder for compiled JSPs; delete it with {@link #deleteScratch} after stopping
     * @throws IllegalStateException if the web resources are missing from the class path
     */
    public static void prepare(ServletContextHandler context, Path scratchDir) {
        ClassLoader appLoader = JspSupport.class.getClassLoader();
        URL base = appLoader.getResource(BASE_RESOURCE);
        if (base == null) {
            throw new IllegalStateException("web resources missing: no " + BASE_RESOURCE + " on the class path");
        }
        context.setClassLoader(new URLClassLoader(new URL[0], appLoader));
        context.setBaseResourceAsString(base.toExternalForm());
        context.setAttribute(ServletContext.TEMPDIR, scratchDir.toFile());
        context.setAttribute(InstanceManager.class.getName(), new SimpleInstanceManager());
        context.setAttribute(JarScanner.class.getName(), new StandardJarScanner());
        context.addServletContainerInitializer(new JettyJasperInitializer());

        ServletHolder jsp = new ServletHolder(JSP_SERVLET_NAME, JettyJspServlet.class);
        jsp.setInitOrder(0);
        jsp.setInitParameter("scratchdir", scratchDir.toString());
        jsp.setInitParameter("fork", "false");
        jsp.setInitParameter("xpoweredBy", "false");
        jsp.setInitParameter("compilerSourceVM", JAVA_RELEASE);
        jsp.setInitParameter("compilerTargetVM", JAVA_RELEASE);
        jsp.setInitParameter("keepgenerated", "false");
        context.addServlet(jsp, JSP_PATTERN);
    }

    /** @return a new scratch folder for compiled JSPs */
    public static Path createScratch() throws IOException {
        return Files.createTempDirectory("lock-facade-jsp-");
    }

    /** Deletes a scratch folder and everything in it; a folder already gone is fine. */
    public static void deleteScratch(Path scratchDir) {
        if (!Files.exists(scratchDir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(scratchDir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + scratchDir, e);
        }
    }
}
