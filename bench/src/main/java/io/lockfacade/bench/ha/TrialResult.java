package io.lockfacade.bench.ha;

/**
 * The outcome of one fault trial.
 *
 * @param recoveryMillis fault to first grant by the new leader, or {@code null} if none came within
 *                       {@link HaLimits#RECOVERY_CAP}
 * @param heldKept       whether the lock held before the fault was still held by the same owner with the same
 *                       fencing token after it
 * @param note           which member failed and which took over, for the report
 */
record TrialResult(Double recoveryMillis, boolean heldKept, String note) {
}
