package io.lockfacade.reliability.testing;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;

/**
 * Lists the methods a compiled method calls, read with {@code javap -c} from the very class file the JVM loaded, so
 * that a test can state which comparison a secret check uses without timing anything.
 */
public final class BytecodeAudit {

    private BytecodeAudit() {
    }

    /**
     * @param type   a loaded class
     * @param method the method's name (every overload is included)
     * @return the {@code owner.name} of every method it invokes, e.g. {@code java/security/MessageDigest.isEqual}
     */
    public static List<String> invokedBy(Class<?> type, String method) {
        String listing = javap(type);
        List<String> invoked = new ArrayList<>();
        boolean inside = false;
        for (String line : listing.split("\n")) {
            if (line.startsWith("  ") && !line.startsWith("   ") && line.strip().endsWith(";")) { // a member
                inside = line.contains(" " + method + "(");
            } else if (inside && line.contains("// Method ")) {
                String target = line.substring(line.indexOf("// Method ") + "// Method ".length());
                invoked.add(target.substring(0, target.indexOf(':')));
            } else if (inside && line.contains("// InterfaceMethod ")) {
                String target = line.substring(line.indexOf("// InterfaceMethod ") + "// InterfaceMethod ".length());
                invoked.add(target.substring(0, target.indexOf(':')));
            }
        }
        return invoked;
    }

    private static String javap(Class<?> type) {
        ToolProvider javap = ToolProvider.findFirst("javap")
                .orElseThrow(() -> new IllegalStateException("javap is not available in this JDK"));
        Path location;
        try {
            location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = javap.run(new PrintWriter(out), new PrintWriter(err), "-c", "-p", "-cp", location.toString(),
                type.getName());
        if (exit != 0) {
            throw new IllegalStateException("javap failed on " + type.getName() + ": " + err);
        }
        return out.toString();
    }
}
