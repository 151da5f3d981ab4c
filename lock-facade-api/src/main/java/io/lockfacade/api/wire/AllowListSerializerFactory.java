package io.lockfacade.api.wire;

import com.caucho.hessian.io.Deserializer;
import com.caucho.hessian.io.HessianProtocolException;
import com.caucho.hessian.io.SerializerFactory;

import java.util.Set;

/**
 * A Hessian {@link SerializerFactory} that refuses to decode any named type outside an explicit allow-list.
 *
 * <p>Caucho's own whitelist does not refuse anything (a refused class is silently read as a map, and all of
 * {@code java.*} stays open), so gadget chains remain reachable through it. This factory instead throws as soon
 * as the stream <em>names</em> a type that is not allowed, which happens when a class definition is read, before
 * any instance of the class is built. Untyped maps and lists (Hessian's {@code HashMap} and {@code ArrayList})
 * and the built-in scalar names stay readable.
 *
 * <p>Use {@link #forMaster()} on the master and {@link #forClient()} on clients.
 */
public final class AllowListSerializerFactory extends SerializerFactory {

    /** Scalar type names Hessian itself uses for typed arrays and basic values. */
    private static final Set<String> HESSIAN_BASIC_NAMES = Set.of(
            "void", "boolean", "byte", "short", "int", "long", "float", "double", "char", "string", "date",
            "[boolean", "[byte", "[short", "[int", "[long", "[float", "[double", "[char", "[string");

    /** What the master must decode: the call's strings and numbers carry no type names at all. */
    private static final Set<String> MASTER_TYPES = Set.of();

    /** What a client must decode: grants and the faults the master sends (with what a Throwable carries). */
    private static final Set<String> CLIENT_TYPES = Set.of(
            "io.lockfacade.api.LockGrant",
            "io.lockfacade.api.YieldOutcome",
            "io.lockfacade.api.SessionExpiredException",
            "io.lockfacade.api.NotLeaderException",
            "io.lockfacade.api.DeadlockException",
            "io.lockfacade.api.AcquisitionRefusedException",
            "io.lockfacade.api.CallNotServedException",
            "java.lang.IllegalArgumentException",
            "java.lang.IllegalStateException",
            "java.lang.StackTraceElement",
            "java.util.Collections$EmptyList");

    private final Set<String> allowedTypes;

    /**
     * @param allowedTypes the fully qualified class names this factory may decode, besides Hessian's scalars
     */
    public AllowListSerializerFactory(Set<String> allowedTypes) {
        super(AllowListSerializerFactory.class.getClassLoader());
        this.allowedTypes = Set.copyOf(allowedTypes);
        setAllowNonSerializable(false);
    }

    /** @return a factory for the master, which decodes no object types */
    public static AllowListSerializerFactory forMaster() {
        return new AllowListSerializerFactory(MASTER_TYPES);
    }

    /** @return a factory for clients, which decodes grants and the master's faults */
    public static AllowListSerializerFactory forClient() {
        return new AllowListSerializerFactory(CLIENT_TYPES);
    }

    /**
     * @param type a type name as written on the wire
     * @return whether this factory decodes it
     */
    public boolean isAllowed(String type) {
        if (type == null || type.isEmpty() || HESSIAN_BASIC_NAMES.contains(type) || allowedTypes.contains(type)) {
            return true;
        }
        return type.startsWith("[") && type.length() > 1 && isAllowed(type.substring(1));
    }

    /**
     * Resolves a named type, or refuses it.
     *
     * @throws HessianProtocolException if the type is not on the allow-list; decoding stops there
     */
    @Override
    public Deserializer getDeserializer(String type) throws HessianProtocolException {
        if (!isAllowed(type)) {
            throw new HessianProtocolException("type not allowed: " + abbreviate(type));
        }
        return super.getDeserializer(type);
    }

    private static String abbreviate(String type) {
        return type.length() <= 120 ? type : type.substring(0, 120) + "...";
    }
}
