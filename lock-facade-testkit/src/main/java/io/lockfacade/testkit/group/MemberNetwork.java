package io.lockfacade.testkit.group;

import io.lockfacade.testkit.master.MasterProcess;

import java.util.List;

/**
 * Where each member of a {@link MasterGroup} lives on the network: the address it serves on and the command its JVM
 * is started through. {@link #LOOPBACK} puts every member on {@code 127.0.0.1} in the test's own network; a
 * {@link io.lockfacade.reliability.network.NamespaceNetwork} gives each member a network namespace of its own, so
 * that the links between members can be cut.
 */
public interface MemberNetwork {

    /** Every member on loopback, started directly. */
    MemberNetwork LOOPBACK = new MemberNetwork() {
        @Override
        public String host(String id) {
            return MasterProcess.LOOPBACK;
        }

        @Override
        public List<String> wrapper(String id) {
            return List.of();
        }
    };

    /** @return the address member {@code id} serves HTTP and Raft on, reachable from the test JVM */
    String host(String id);

    /**
     * @return the command member {@code id}'s JVM is started through (one that executes the rest of its command
     *         line in place of itself, keeping the pid), or empty to start it directly
     */
    List<String> wrapper(String id);
}
