package io.lockfacade.group.raft;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Several {@link Command}s in one Raft log entry, applied in order at that entry's index, so that they cost one
 * replication round instead of one each: the requests that arrived together on the leader ({@link GroupCommit}),
 * or a release and the grant to the lock's next waiter. Each command keeps its own encoding; the batch only frames
 * them.
 *
 * <p>A batch may carry several acquisitions: the table's fencing counter gives each grant
 * {@code max(last token + 1, entry index)}, so tokens stay unique and strictly increasing over every grant, within
 * an entry and across entries, leaders and restarts. An entry whose first byte is {@link #MARKER} is a batch, any
 * other is one encoded {@link Command} (whose first byte is a small kind code).
 *
 * @param commands the commands, in the order they are applied
 */
public record CommandBatch(List<Command> commands) {

    /** First byte of an encoded batch; never a command kind's code. */
    public static final byte MARKER = (byte) 0xFF;

    /** The most commands one batch carries. */
    public static final int MAX_COMMANDS = 64;

    /** Checks the size. */
    public CommandBatch {
        commands = List.copyOf(commands);
        if (commands.size() < 2 || commands.size() > MAX_COMMANDS) {
            throw new IllegalArgumentException("a batch holds 2 to " + MAX_COMMANDS + " commands, not "
                    + commands.size());
        }
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
