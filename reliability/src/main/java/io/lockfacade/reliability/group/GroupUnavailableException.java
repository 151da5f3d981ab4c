package io.lockfacade.reliability.group;

/** No member of the group served a call before its deadline: no leader was reachable meanwhile. */
public final class GroupUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what was called and for how long
     * @param last    the last failure seen
     */
    public GroupUnavailableException(String message, Throwable last) {
        super(message, last);
    }
}
