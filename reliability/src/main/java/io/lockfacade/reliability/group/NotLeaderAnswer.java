package io.lockfacade.reliability.group;

import io.lockfacade.api.NotLeaderException;

import java.net.URI;
import java.util.Optional;

/**
 * Recognises a member's {@code not leader} answer in whatever a call threw, wrapped or not, by the contract's
 * message ({@code not leader} or {@code not leader; leader is URL}).
 *
 * @param leader the leader's endpoint the member named, or empty when it knew none
 */
public record NotLeaderAnswer(Optional<URI> leader) {

    private static final int MAX_CAUSE_DEPTH = 8;

    /** @return the {@code not leader} answer {@code failure} carries, or empty if it is some other failure */
    public static Optional<NotLeaderAnswer> of(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSE_DEPTH; depth++, cause = cause.getCause()) {
            String message = cause.getMessage();
            if (message != null && message.contains(NotLeaderException.MESSAGE)) {
                String fromStart = message.substring(message.indexOf(NotLeaderException.MESSAGE));
                return Optional.of(new NotLeaderAnswer(new NotLeaderException(fromStart).leaderEndpoint()));
            }
        }
        return Optional.empty();
    }
}
