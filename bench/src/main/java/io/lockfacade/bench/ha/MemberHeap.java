package io.lockfacade.bench.ha;

import com.sun.tools.attach.VirtualMachine;

import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Reads a member JVM's heap in use after full collections, from outside: the JDK's attach API starts the member's
 * local JMX agent and its {@link MemoryMXBean} runs the collections. The members need no flag or code for it.
 */
final class MemberHeap {

    private static final int GC_ROUNDS = 3;
    private static final long GC_PAUSE_MILLIS = 200;

    private MemberHeap() {
    }

    /**
     * @param pid the member's process id
     * @return its heap in use, in bytes, after {@value #GC_ROUNDS} full collections
     * @throws Exception if the process cannot be attached to
     */
    static long usedAfterGc(long pid) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(
                vm.startLocalManagementAgent()))) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(server,
                    ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
            for (int i = 0; i < GC_ROUNDS; i++) {
                memory.gc();
                Thread.sleep(GC_PAUSE_MILLIS);
            }
            return memory.getHeapMemoryUsage().getUsed();
        } finally {
            vm.detach();
        }
    }
}
