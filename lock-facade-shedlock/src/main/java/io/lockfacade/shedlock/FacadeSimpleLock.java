package io.lockfacade.shedlock;

import net.javacrumbs.shedlock.core.AbstractSimpleLock;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;

import java.util.Optional;
import java.util.function.Consumer;

/** ShedLock's view of one {@link ShedLockHold}; an extension makes the next view of the same hold. */
final class FacadeSimpleLock extends AbstractSimpleLock {

    private final ShedLockHold hold;
    private final Consumer<ShedLockHold> onEnd;

    FacadeSimpleLock(LockConfiguration configuration, ShedLockHold hold, Consumer<ShedLockHold> onEnd) {
        super(configuration);
        this.hold = hold;
        this.onEnd = onEnd;
    }

    @Override
    protected void doUnlock() {
        try {
            hold.unlock();
        } finally {
            onEnd.accept(hold);
        }
    }

    @Override
    protected Optional<SimpleLock> doExtend(LockConfiguration newConfiguration) {
        if (hold.extend(newConfiguration)) {
            return Optional.of(new FacadeSimpleLock(newConfiguration, hold, onEnd));
        }
        onEnd.accept(hold);
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "FacadeSimpleLock[" + lockConfiguration + ", " + hold + "]";
    }
}
