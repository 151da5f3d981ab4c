package io.lockfacade.group.state;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** Nullable strings in the group's binary encodings (commands, outcomes, snapshots). */
final class WireStrings {

    private WireStrings() {
    }

    static void write(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    static String read(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }
}
