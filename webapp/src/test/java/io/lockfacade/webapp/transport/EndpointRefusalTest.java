package io.lockfacade.webapp.transport;

import io.lockfacade.api.LockLimits;
import io.lockfacade.testsupport.hessian.HessianCalls;
import io.lockfacade.testsupport.hessian.HessianReplies;
import io.lockfacade.testsupport.hostile.Tripwire;
import io.lockfacade.testsupport.http.RawHttp;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.BadAttributeValueExpException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests the endpoint must refuse: wrong verb, oversized, garbage, refused types. None changes the table. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EndpointRefusalTest {

    private static final long LEASE = 60_000;
    private static final int OVERSIZE = LockLimits.MAX_REQUEST_BYTES + 1;

    private static MasterServer master;

    private TableSnapshot before;

    @BeforeAll
    static void startMasterWithOneHeldLock() {
        master = Masters.start();
        assertNotNull(HessianClients.proxy(master.serviceUri()).tryLock("held", "k", "holder", LEASE, 0));
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @BeforeEach
    void snapshotTable() {
        before = TableSnapshot.of(master);
    }

    @AfterEach
    void tableIsUnchanged() {
        assertEquals(before, TableSnapshot.of(master));
    }

    @Test
    void getIsRefusedWith405() {
        HttpResponse<byte[]> response = RawHttp.send(HttpRequest.newBuilder(master.serviceUri()).GET().build());
        assertEquals(405, response.statusCode());
        assertEquals("POST", response.headers().firstValue("Allow").orElse(""));
    }

    @Test
    void anyOtherPathUnderRemotingIsNotFound() {
        assertEquals(404, RawHttp.post(master.serviceUri().resolve("/remoting/MemoryLockService/x"),
                HessianCalls.call("isLockTypeEmpty", "held")).statusCode());
    }

    @Test
    void putIsRefusedWith405() {
        HttpResponse<byte[]> response = RawHttp.send(HttpRequest.newBuilder(master.serviceUri())
                .PUT(HttpRequest.BodyPublishers.ofByteArray(HessianCalls.call("isLockTypeEmpty", "held"))).build());
        assertEquals(405, response.statusCode());
    }

    @Test
    void aBodyOver64KibIsRefusedWith413() {
        byte[] call = HessianCalls.call("tryLock", "big", "x".repeat(OVERSIZE), "o", LEASE, 0L);
        assertEquals(413, RawHttp.post(master.serviceUri(), call).statusCode());
    }

    @Test
    void aChunkedBodyOver64KibIsRefusedWith413() {
        HttpResponse<byte[]> response = RawHttp.send(HttpRequest.newBuilder(master.serviceUri())
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[OVERSIZE])))
                .build());
        assertEquals(413, response.statusCode());
    }

    @Test
    void aBodyShorterThanItsContentLengthGetsA4xx() throws Exception {
        byte[] call = HessianCalls.call("tryLock", "short", "k", "o", LEASE, 0L);
        try (Socket socket = new Socket("127.0.0.1", master.port())) {
            socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(10));
            socket.getOutputStream().write(("POST " + LockLimits.SERVICE_PATH + " HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Length: " + (call.length + 10) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(call);
            socket.shutdownOutput();
            String statusLine = firstLine(socket.getInputStream());
            assertTrue(statusLine.startsWith("HTTP/1.1 4"), statusLine);
        }
    }

    @Test
    void garbageNeverGetsA5xxNorAStackTrace() throws Throwable {
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            byte[] body = new byte[random.nextInt(2_000)];
            random.nextBytes(body);
            if (i % 2 == 0 && body.length > 4) {
                System.arraycopy(new byte[] {'H', 2, 0, 'C'}, 0, body, 0, 4);
            }
            assertRefusedCleanly(RawHttp.post(master.serviceUri(), body));
        }
        assertRefusedCleanly(RawHttp.post(master.serviceUri(), new byte[0]));
        assertRefusedCleanly(RawHttp.post(master.serviceUri(),
                "{\"method\":\"tryLock\"}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void anUnknownMethodIsAProtocolFault() {
        HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(), HessianCalls.call("shutdown"));
        assertProtocolFault(response, "unknown method");
    }

    @Test
    void aWrongNumberOfArgumentsIsAProtocolFault() {
        HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(),
                HessianCalls.call("tryLock", "held", "k", "intruder"));
        assertProtocolFault(response, "tryLock takes 5 arguments");
    }

    @Test
    void aClassOutsideTheAllowListIsRefusedAndNeverInstantiated() {
        HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(),
                HessianCalls.callWithNamedType("isLockTypeEmpty", Tripwire.NAME));
        assertProtocolFault(response, "argument lockType must be a string");
        assertFalse(Tripwire.Log.INITIALIZED.get(), "the refused class was initialized");
    }

    @Test
    void jdkGadgetTypesAreRefused() {
        assertProtocolFault(RawHttp.post(master.serviceUri(),
                HessianCalls.call("renew", "held", "k", "holder", new AtomicLong(LEASE))), "leaseMillis");
        assertProtocolFault(RawHttp.post(master.serviceUri(),
                HessianCalls.call("unlock", "held", "k", new BadAttributeValueExpException("holder"))), "owner");
    }

    @Test
    void aPermitCountBeyondAnIntIsRefusedNamingIt() {
        HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(), HessianCalls.call("tryAcquirePermits",
                "held", "k", "holder", 1L << 40, 2L, "no-such-session", 0L));
        assertRefusedCleanly(response);
        IllegalArgumentException fault = assertThrows(IllegalArgumentException.class,
                () -> HessianReplies.read(response.body()));
        assertTrue(fault.getMessage().contains("permits"), fault.getMessage());
    }

    private static void assertProtocolFault(HttpResponse<byte[]> response, String reason) {
        assertRefusedCleanly(response);
        assertEquals(200, response.statusCode());
        IllegalStateException fault = assertThrows(IllegalStateException.class,
                () -> HessianReplies.read(response.body()));
        assertTrue(fault.getMessage().contains(reason), fault.getMessage());
        assertTrue(RawHttp.text(response.body()).contains("ProtocolException"));
    }

    private static void assertRefusedCleanly(HttpResponse<byte[]> response) {
        String body = RawHttp.text(response.body());
        assertTrue(response.statusCode() < 500, "status " + response.statusCode());
        assertFalse(body.contains("\tat ") || body.contains("at io.") || body.contains("at java."), body);
        assertFalse(body.contains("Exception:"), body);
        assertFalse(body.contains("io.lockfacade.server"), body);
        if (response.statusCode() == 200) {
            assertEquals("x-application/hessian", response.headers().firstValue("Content-Type").orElse(""));
            assertTrue(body.startsWith("H\u0002\u0000F"), "a Hessian fault: " + body);
        }
    }

    private static String firstLine(InputStream in) throws java.io.IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\r' && c != '\n') {
            line.append((char) c);
        }
        return line.toString();
    }
}
