package io.lockfacade.bench.ha;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Free loopback ports chosen up front (a group's members must know each other's ports before any starts). */
final class LoopbackPorts {

    private LoopbackPorts() {
    }

    /** @return {@code count} distinct ports the kernel handed out as free, all released again */
    static int[] pick(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HaLimits.HOST));
                held.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // the port is free again either way once the process ends
                }
            }
        }
    }
}
