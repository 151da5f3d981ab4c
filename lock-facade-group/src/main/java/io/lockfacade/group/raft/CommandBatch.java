package io.lockfacade.group.raft;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Several {@link Command}s in one Raft log entry, applied in order at that entry's index, so that they cost one
 * replication round instead of one each (a release and the grant to the lock's next waiter, for example). Each
 * command keeps its own encoding; the batch only frames them.
 *
 * <p>A fencing token is the index of the entry that granted it and must be unique over all grants: a batch
 * therefore carries at most one acquisition. An entry whose first byte is {@link #MARKER} is a batch, any other
 * is one encoded {@link Command} (whose first byte is a small kind code).
 *
 * @param commands the commands, in the order they are applied
 */
public record CommandBatch(List<Command> commands) {

    /** First byte of an encoded batch; never a command kind's code. */
    public static final byte MARKER = (byte) 0xFF;

    /** The most commands one batch carries. */
    public static final int MAX_COMMANDS = 16;

    /** Checks the size and that at most one command can grant a lock. */
    public CommandBatch {
        commands = List.copyOf(commands);
        if (commands.size() < 2 || commands.size() > MAX_COMMANDS) {
            throw new IllegalArgumentException("a batch holds 2 to " + MAX_COMMANDS + " commands, not "
                    + commands.size());
        }
        if (commands.stream().filter(CommandBatch::grants).count() > 1) {
            throw new IllegalArgumentException("a batch carries at most one acquisition (one token per entry)");
        }
    }

    /** @return whether applying this command can grant a lock, and so take the entry's index as its token */
    static boolean grants(Command command) {
        return switch (command.kind()) {
            case TRY_LOCK, TRY_LOCK_IN_SESSION, READ_LOCK, WRITE_LOCK, ACQUIRE_PERMITS, JOIN_LEADERSHIP -> true;
            default -> false;
        };
    }

    /** @return whether a log entry's data is a batch rather than a single command */
    public static boolean isBatch(byte[] entry) {
        return entry.length > 0 && entry[0] == MARKER;
    }

    /** @return the batch as a log entry's data: the marker, the count, then each command's length and bytes */
    public byte[] encode() {
        return frame(commands.stream().map(Command::encode).toList());
    }

    /**
     * @param entry what {@link #encode()} wrote
     * @return the commands, in order
     * @throws IllegalArgumentException if the bytes are not a batch
     */
    public static List<Command> decode(byte[] entry) {
        if (!isBatch(entry)) {
            throw new IllegalArgumentException("not a command batch");
        }
        return unframe(entry).stream().map(Command::decode).toList();
    }

    /** @return the outcomes of a batch's commands as one reply: the same framing as a batch */
    public static byte[] encodeOutcomes(List<Reply> outcomes) {
        return frame(outcomes.stream().map(Reply::encode).toList());
    }

    /**
     * @param reply what {@link #encodeOutcomes} wrote
     * @return the outcomes, in the order of the batch's commands
     * @throws IllegalArgumentException if the bytes are not a batch's outcomes
     */
    public static List<Reply> decodeOutcomes(byte[] reply) {
        return unframe(reply).stream().map(Reply::decode).toList();
    }

    private static byte[] frame(List<byte[]> parts) {
        int size = 1 + Integer.BYTES + parts.stream().mapToInt(part -> Integer.BYTES + part.length).sum();
        ByteBuffer out = ByteBuffer.allocate(size).put(MARKER).putInt(parts.size());
        parts.forEach(part -> out.putInt(part.length).put(part));
        return out.array();
    }

    private static List<byte[]> unframe(byte[] framed) {
        Objects.requireNonNull(framed, "framed");
        try {
            ByteBuffer in = ByteBuffer.wrap(framed);
            if (in.get() != MARKER) {
                throw new IllegalArgumentException("not a command batch");
            }
            int count = in.getInt();
            if (count < 0 || count > MAX_COMMANDS) {
                throw new IllegalArgumentException("a batch of " + count + " commands");
            }
            List<byte[]> parts = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                byte[] part = new byte[in.getInt()];
                in.get(part);
                parts.add(part);
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("bytes after the last command of a batch");
            }
            return parts;
        } catch (java.nio.BufferUnderflowException | java.nio.BufferOverflowException
                 | NegativeArraySizeException truncated) {
            throw new IllegalArgumentException("truncated command batch", truncated);
        }
    }
}
