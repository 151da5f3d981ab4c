package io.lockfacade.demo.cluster;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What happened when the run killed its master group's leader.
 *
 * <ul>
 *   <li><b>Leader known after</b>: from the kill to the first answer of a surviving member to
 *       {@code GET /admin/api/group} saying it leads (polled every few tens of milliseconds).</li>
 *   <li><b>Failover time</b>: from the kill to the first lock grant any node received from the new leader, by the
 *       wall clock the launcher and its nodes share. A grant counts as the new leader's when it was received after
 *       the new leader last answered that it did not lead (or after the kill, if it led at its first answer): only
 *       a leader grants, so no grant of the dead leader (a reply still in flight) is counted.</li>
 * </ul>
 *
 * @param killed              the member killed ({@code SIGKILL}): the leader at that moment
 * @param killedPid           its process id
 * @param killedIntoRunMillis when it was killed, from the start of the workload
 * @param newLeader           the member that took over, if one did in time
 * @param leaderAfterMillis   from the kill until a survivor said it leads
 * @param firstGrantMillis    from the kill until the first grant by the new leader, if a node received one
 */
public record Failover(String killed, long killedPid, long killedIntoRunMillis, Optional<String> newLeader,
                       OptionalLong leaderAfterMillis, OptionalLong firstGrantMillis) {

    /** @return whether a new leader took over and granted a lock */
    public boolean completed() {
        return newLeader.isPresent() && firstGrantMillis.isPresent();
    }

    /** @return a copy with the failover time measured from the nodes' first grant, if any */
    Failover withFirstGrantMillis(OptionalLong millis) {
        return new Failover(killed, killedPid, killedIntoRunMillis, newLeader, leaderAfterMillis, millis);
    }
}
