package io.lockfacade.group.state;

import io.lockfacade.server.table.AccessMode;
import io.lockfacade.server.table.PrimitivesSnapshot;
import io.lockfacade.server.table.PrimitivesSnapshot.LeadershipEntry;
import io.lockfacade.server.table.PrimitivesSnapshot.ParkedAsk;
import io.lockfacade.server.table.PrimitivesSnapshot.Participant;
import io.lockfacade.server.table.PrimitivesSnapshot.ReadWriteEntry;
import io.lockfacade.server.table.PrimitivesSnapshot.SemaphoreEntry;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

import static io.lockfacade.group.state.ImageFields.readHolder;
import static io.lockfacade.group.state.ImageFields.readKey;
import static io.lockfacade.group.state.ImageFields.readList;
import static io.lockfacade.group.state.ImageFields.readWaiter;
import static io.lockfacade.group.state.ImageFields.writeHolder;
import static io.lockfacade.group.state.ImageFields.writeKey;
import static io.lockfacade.group.state.ImageFields.writeList;
import static io.lockfacade.group.state.ImageFields.writeWaiter;

/**
 * The read-write locks, semaphores and leaderships of a {@link TableImage} (format 3 on): every grant, every
 * participant and every parked call in the table's lines, in the snapshot's canonical order, since who is served
 * next decides later outcomes and replicas must agree on it.
 */
final class PrimitivesImage {

    private PrimitivesImage() {
    }

    static void write(DataOutput out, PrimitivesSnapshot p) throws IOException {
        writeList(out, p.readWriteLocks(), (o, e) -> {
            writeKey(o, e.lockKey());
            writeHolder(o, e.writer());
            writeList(o, e.readers(), ImageFields::writeHolder);
            writeList(o, e.line(), PrimitivesImage::writeAsk);
        });
        writeList(out, p.semaphores(), (o, e) -> {
            writeKey(o, e.lockKey());
            o.writeInt(e.capacity());
            o.writeBoolean(e.capacityPinned());
            writeList(o, e.holders(), ImageFields::writeHolder);
            writeList(o, e.line(), PrimitivesImage::writeAsk);
        });
        writeList(out, p.leaderships(), (o, e) -> {
            writeKey(o, e.lockKey());
            writeList(o, e.participants(), (po, participant) -> {
                po.writeUTF(participant.name());
                po.writeUTF(participant.sessionId());
            });
            writeHolder(o, e.leader());
            writeList(o, e.parked(), ImageFields::writeWaiter);
        });
    }

    static PrimitivesSnapshot read(DataInput in) throws IOException {
        return new PrimitivesSnapshot(
                readList(in, i -> new ReadWriteEntry(readKey(i), readHolder(i), readList(i, ImageFields::readHolder),
                        readList(i, PrimitivesImage::readAsk))),
                readList(in, i -> new SemaphoreEntry(readKey(i), i.readInt(), i.readBoolean(),
                        readList(i, ImageFields::readHolder), readList(i, PrimitivesImage::readAsk))),
                readList(in, i -> new LeadershipEntry(readKey(i),
                        readList(i, pi -> new Participant(pi.readUTF(), pi.readUTF())), readHolder(i),
                        readList(i, ImageFields::readWaiter))));
    }

    private static void writeAsk(DataOutput out, ParkedAsk ask) throws IOException {
        writeWaiter(out, ask.waiter());
        out.writeByte(ask.mode() == null ? -1 : ask.mode().ordinal());
        out.writeInt(ask.permits());
    }

    private static ParkedAsk readAsk(DataInput in) throws IOException {
        var waiter = readWaiter(in);
        int mode = in.readByte();
        if (mode < -1 || mode >= AccessMode.values().length) {
            throw new IOException("unknown access mode " + mode);
        }
        return new ParkedAsk(waiter, mode < 0 ? null : AccessMode.values()[mode], in.readInt());
    }
}
