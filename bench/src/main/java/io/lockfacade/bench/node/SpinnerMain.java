package io.lockfacade.bench.node;

/**
 * Keeps vCPUs busy with spin loops, so that the benchmark never waits for an idle vCPU to wake up (100 to 150 µs on
 * this kind of machine). Meant to run at the lowest scheduling priority ({@link BusyCpus} starts it under
 * {@code chrt --idle} or {@code nice}), so that it only takes CPU time nothing else wants. Usage:
 * {@code SpinnerMain threads}; exits when its standard input ends.
 */
public final class SpinnerMain {

    private SpinnerMain() {
    }

    /**
     * @param args how many spinning threads
     */
    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < threads; i++) {
            Thread spinner = new Thread(SpinnerMain::spin, "bench-spinner-" + i);
            spinner.setDaemon(true);
            spinner.setPriority(Thread.MIN_PRIORITY);
            spinner.start();
        }
        new ParentLink().awaitCommand();
        System.exit(0);
    }

    private static void spin() {
        while (true) {
            Thread.onSpinWait();
        }
    }
}
