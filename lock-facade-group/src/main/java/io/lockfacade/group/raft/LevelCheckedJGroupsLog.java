package io.lockfacade.group.raft;

import org.jgroups.logging.CustomLogFactory;
import org.jgroups.logging.Log;
import org.jgroups.logging.LogFactory;
import org.jgroups.logging.Slf4jLogImpl;
import org.slf4j.LoggerFactory;

import java.util.Locale;

/**
 * JGroups' SLF4J logger with its level checked before a message is formatted. JGroups 5.4's {@link Slf4jLogImpl}
 * formats every {@code trace(format, args...)} and {@code debug(format, args...)} call with
 * {@link String#format} before SLF4J drops it, and jgroups-raft logs each message its Raft thread receives that
 * way, unguarded: on a follower under load a third of the Raft thread's own time went into formatting messages
 * that were never written. This logger formats only what is enabled; what is written is unchanged.
 */
public final class LevelCheckedJGroupsLog extends Slf4jLogImpl {

    private LevelCheckedJGroupsLog(String name) {
        super(Locale.getDefault(), LoggerFactory.getLogger(name));
    }

    /**
     * Makes JGroups create its loggers with this class from now on, if JGroups logs through SLF4J and the
     * application set no logger factory of its own. Protocols take their logger when they are created, so this is
     * called before a stack is built.
     */
    public static synchronized void installForSlf4j() {
        if (LogFactory.getCustomLogFactory() == null && "slf4j".equals(LogFactory.loggerType())) {
            LogFactory.setCustomLogFactory(new CustomLogFactory() {
                @Override
                public Log getLog(Class<?> type) {
                    return new LevelCheckedJGroupsLog(type.getName());
                }

                @Override
                public Log getLog(String name) {
                    return new LevelCheckedJGroupsLog(name);
                }
            });
        }
    }

    @Override
    public void trace(String format, Object... args) {
        if (isTraceEnabled()) {
            super.trace(format, args);
        }
    }

    @Override
    public void debug(String format, Object... args) {
        if (isDebugEnabled()) {
            super.debug(format, args);
        }
    }

    @Override
    public void info(String format, Object... args) {
        if (isInfoEnabled()) {
            super.info(format, args);
        }
    }

    @Override
    public void warn(String format, Object... args) {
        if (isWarnEnabled()) {
            super.warn(format, args);
        }
    }
}
