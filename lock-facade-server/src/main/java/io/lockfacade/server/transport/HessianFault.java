package io.lockfacade.server.transport;

/**
 * A Hessian fault as the master sends it: a code, a message and an optional detail exception that the client
 * rethrows. Built only by {@link FaultSanitizer}, so the detail never carries a stack trace or a cause.
 *
 * @param code    the fault code, e.g. {@code ServiceException} or {@code ProtocolException}
 * @param message a message safe to show the caller
 * @param detail  the exception the client rethrows, or {@code null}
 */
public record HessianFault(String code, String message, Throwable detail) {
}
