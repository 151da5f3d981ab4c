package io.lockfacade.demo.process;

import io.lockfacade.webapp.MasterMain;

/**
 * Entry point of the master JVM the demo launcher starts: the real master ({@link MasterMain}, same options and
 * output), plus a {@link ParentWatch} so that it stops when the launcher goes away.
 */
public final class MasterChild {

    private MasterChild() {
    }

    /** @param args the master's options, see {@code java -jar lock-facade-webapp.jar --help} */
    public static void main(String[] args) {
        ParentWatch.start("lock-facade-parent-watch", command -> { });
        MasterMain.main(args);
    }
}
