package io.lockfacade.client;

/** Told when a {@link Leadership}'s participant starts and stops leading. */
public interface LeadershipListener {

    /** This participant now leads, under {@code epoch} (a fencing token larger than any earlier epoch). */
    void elected(long epoch);

    /** This participant no longer leads (it left, lost its session, or an operator revoked it). */
    void revoked();
}
