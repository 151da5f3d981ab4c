package io.lockfacade.reliability.testing;

import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.GroupTls;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.testkit.group.MemberNetwork;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The fixture of the TLS group tests, registered with {@code @RegisterExtension}: before the class's tests,
 * {@link GroupChaosLimits#MEMBERS} member JVMs on loopback, started with {@code --tls-keystore} and
 * {@code --tls-truststore} from a private CA made in a temporary folder, agreed on a leader; after them, the members
 * killed and the folder deleted. Their logs go to {@code target/reliability-logs/NAME} (or the
 * {@code reliability.logs} folder).
 */
public final class LoopbackTlsGroup implements BeforeAllCallback, AfterAllCallback {

    private final String name;
    private Path data;
    private MasterGroup group;

    /** @param name the folder of the members' logs, and the prefix of the temporary folder */
    public LoopbackTlsGroup(String name) {
        this.name = name;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        data = Files.createTempDirectory(name);
        Path logs = Path.of(System.getProperty("reliability.logs", "target/reliability-logs")).resolve(name);
        GroupTls tls = GroupTls.create(data.resolve("tls"), MasterGroup.memberIds(GroupChaosLimits.MEMBERS),
                MemberNetwork.LOOPBACK);
        group = MasterGroup.start(GroupChaosLimits.MEMBERS, data, logs, GroupChaosLimits.ADMIN_PASSWORD,
                GroupChaosLimits.MEMBER_JVM_OPTIONS, MemberNetwork.LOOPBACK, tls);
        group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (group != null) {
            group.close();
        }
        if (data != null) {
            try (Stream<Path> files = Files.walk(data)) {
                files.sorted(Comparator.reverseOrder()).forEach(LoopbackTlsGroup::delete);
            }
        }
    }

    /** @return the running group */
    public MasterGroup group() {
        return group;
    }

    /** @return the group's certificates */
    public GroupTls tls() {
        return group.tls().orElseThrow();
    }

    /** @return the temporary folder, for an outsider's own files */
    public Path data() {
        return data;
    }

    private static void delete(Path file) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }
}
