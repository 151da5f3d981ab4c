package io.lockfacade.bench.ha;

import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The runnable master under test, copied into the run directory first (a jar rebuilt while members run from it
 * breaks them), and the command lines of its members.
 */
final class MasterJar {

    /** The admin user every member is started with. */
    static final String ADMIN_USER = "admin";

    private final Path jar;
    private final String adminPassword;

    private MasterJar(Path jar, String adminPassword) {
        this.jar = jar;
        this.adminPassword = adminPassword;
    }

    /**
     * @param built  the webapp jar as built
     * @param runDir the run's own directory
     * @throws IOException if the copy fails
     */
    static MasterJar copyOf(Path built, Path runDir, String adminPassword) throws IOException {
        if (!Files.isRegularFile(built)) {
            throw new IllegalArgumentException("no master jar at " + built);
        }
        Path copy = Files.copy(built, runDir.resolve("lock-facade-webapp.jar"), StandardCopyOption.REPLACE_EXISTING);
        return new MasterJar(copy, adminPassword);
    }

    /** @return the admin password every member is started with */
    String adminPassword() {
        return adminPassword;
    }

    /** @return the command of a master started with {@code flags} ({@link MemberJvm} adds the JVM options) */
    JavaCommand command(List<String> flags) {
        List<String> args = new ArrayList<>(List.of("--admin-user", ADMIN_USER, "--admin-password", adminPassword));
        args.addAll(flags);
        return JavaCommand.jar(jar, args);
    }
}
