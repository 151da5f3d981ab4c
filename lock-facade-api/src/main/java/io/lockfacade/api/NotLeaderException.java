package io.lockfacade.api;

import java.io.Serial;
import java.net.URI;
import java.util.Optional;

/**
 * The answer of a master-group member that cannot serve a call: it is not the leader, or it is a leader that
 * lost its majority or stepped down while the call was parked. Nothing was changed; the call is safe to retry on
 * the leader (every method of the contract is idempotent per owner or per session).
 *
 * <p>The message is {@value #MESSAGE} when the member knows no leader, or
 * {@code not leader; leader is http://HOST:PORT/remoting/MemoryLockService} when it does: outside tools read it,
 * so its wording is part of the contract.
 */
public class NotLeaderException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The message when no leader is known, and the start of every message. */
    public static final String MESSAGE = "not leader";

    /** What separates {@link #MESSAGE} from the leader's endpoint. */
    public static final String LEADER_IS = "; leader is ";

    /**
     * @param message the fault's message, see the class comment
     */
    public NotLeaderException(String message) {
        super(message);
    }

    /**
     * @param leaderEndpoint the leader's Hessian endpoint, or {@code null} when no leader is known
     * @return the exception with the contract's message
     */
    public static NotLeaderException pointingTo(URI leaderEndpoint) {
        return new NotLeaderException(leaderEndpoint == null ? MESSAGE : MESSAGE + LEADER_IS + leaderEndpoint);
    }

    /**
     * @return the leader's endpoint named by the message, or empty when it names none or is not well formed
     */
    public Optional<URI> leaderEndpoint() {
        String message = getMessage();
        if (message == null) {
            return Optional.empty();
        }
        int at = message.indexOf(LEADER_IS);
        if (at < 0) {
            return Optional.empty();
        }
        try {
            URI uri = URI.create(message.substring(at + LEADER_IS.length()).trim());
            return uri.getHost() == null ? Optional.empty() : Optional.of(uri);
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }
}
