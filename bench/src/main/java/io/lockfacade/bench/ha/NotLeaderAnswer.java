package io.lockfacade.bench.ha;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the contract's follower fault ({@code not leader; leader is http://HOST:PORT/remoting/...}) from whatever
 * exception the Hessian proxy raised: the fault's class may be unknown to this class path, so only its message is
 * trusted, anywhere in the cause chain.
 *
 * @param leaderEndpoint the leader's Hessian endpoint as the follower named it, or {@code null} if it knows none
 */
record NotLeaderAnswer(String leaderEndpoint) {

    private static final String PREFIX = "not leader";
    private static final Pattern LEADER = Pattern.compile("leader is (\\S+)");

    /** @return the answer if {@code failure} is a "not leader" fault, empty for any other failure */
    static Optional<NotLeaderAnswer> of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            int at = message == null ? -1 : message.indexOf(PREFIX);
            if (at >= 0) {
                Matcher leader = LEADER.matcher(message.substring(at));
                return Optional.of(new NotLeaderAnswer(leader.find() ? leader.group(1) : null));
            }
        }
        return Optional.empty();
    }
}
