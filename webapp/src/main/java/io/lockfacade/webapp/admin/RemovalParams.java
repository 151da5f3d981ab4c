package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.table.LockKey;

import java.util.OptionalLong;

/**
 * Reads the parameters of a removal, shared by the page's forms and the JSON API: {@code type} and {@code key}
 * exactly as the lock was taken (1 to 256 characters, no control characters; not trimmed), and the optional
 * {@code token}, the fencing token the operator saw.
 */
final class RemovalParams {

    private RemovalParams() {
    }

    /**
     * @return the lock type
     * @throws AdminRequestException (400) if it is missing or not a valid lock type
     */
    static String type(String type) {
        return name("type", type);
    }

    /**
     * @return the lock's address
     * @throws AdminRequestException (400) if type or key is missing or invalid
     */
    static LockKey lockKey(String type, String key) {
        return new LockKey(type(type), name("key", key));
    }

    /**
     * @param token the {@code token} parameter, or {@code null}
     * @return the expected fencing token, or empty when none was given
     * @throws AdminRequestException (400) if it is not a positive whole number
     */
    static OptionalLong token(String token) {
        if (token == null || token.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            long value = Long.parseLong(token);
            if (value > 0 && token.chars().allMatch(Character::isDigit)) {
                return OptionalLong.of(value);
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw AdminRequestException.badRequest("token must be a fencing token (a positive whole number), was "
                + ListingParams.echo(token));
    }

    private static String name(String parameter, String value) {
        if (value == null) {
            throw AdminRequestException.badRequest(parameter + " is required");
        }
        try {
            return LockArguments.requireName(parameter, value);
        } catch (IllegalArgumentException bad) {
            throw AdminRequestException.badRequest(bad.getMessage());
        }
    }
}
