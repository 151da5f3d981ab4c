package io.lockfacade.group.state;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Nullable strings in the group's binary encodings (commands, outcomes, snapshots). */
final class WireStrings {

    private WireStrings() {
    }

    static void write(DataOutput out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    static String read(DataInput in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }
}
