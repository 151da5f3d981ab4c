package io.lockfacade.demo.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports free on loopback right now, for a master group whose members must all know every member's ports before
 * any starts. All are held open together while they are chosen, so that none is handed out twice; another
 * program could still take one before its member binds it, in which case that member fails to start and says so.
 */
final class FreePorts {

    private FreePorts() {
    }

    /**
     * @param host  the loopback address the members listen on
     * @param count how many ports
     * @return {@code count} different ports
     * @throws IOException if the system has none to give
     */
    static List<Integer> on(String host, int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getByName(host)));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}
