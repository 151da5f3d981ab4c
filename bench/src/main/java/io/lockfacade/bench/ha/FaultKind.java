package io.lockfacade.bench.ha;

/** The two ways the benchmark takes a leader away. */
enum FaultKind {

    /** SIGKILL: the process dies and the kernel closes its sockets, so peers notice at once. */
    CRASH("leader crash (SIGKILL)"),
    /** SIGSTOP, never resumed during the trial: sockets stay open and silent, as with a dead host on a network. */
    HANG("hung leader (SIGSTOP)");

    private final String label;

    FaultKind(String label) {
        this.label = label;
    }

    /** @return how the report names the fault */
    String label() {
        return label;
    }

    /** Applies the fault to {@code member}. */
    void apply(MemberJvm member) {
        if (this == CRASH) {
            member.crash();
        } else {
            member.freeze();
        }
    }
}
