package io.lockfacade.server.transport;

import io.lockfacade.api.MemoryLockService;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RemoteMethodTest {

    @Test
    void listsExactlyTheMethodsOfTheContractWithTheirParameterTypes() {
        List<Method> contract = Arrays.asList(MemoryLockService.class.getMethods());
        assertEquals(contract.size(), RemoteMethod.values().length);
        for (Method method : contract) {
            RemoteMethod remote = RemoteMethod.byWireName(method.getName()).orElseThrow();
            List<Class<?>> expected = remote.parameters().stream()
                    .<Class<?>>map(p -> p.type() == RemoteMethod.WireType.STRING ? String.class : long.class)
                    .toList();
            assertEquals(List.of(method.getParameterTypes()), expected, method.getName());
        }
    }

    @Test
    void namesEachParameterLikeTheContract() {
        for (Method method : MemoryLockService.class.getMethods()) {
            RemoteMethod remote = RemoteMethod.byWireName(method.getName()).orElseThrow();
            List<String> names = Arrays.stream(method.getParameters()).map(p -> p.getName()).toList();
            if (!names.get(0).startsWith("arg")) { // only when compiled with -parameters
                assertEquals(names, remote.parameters().stream().map(RemoteMethod.Parameter::name).toList());
            }
        }
    }

    @Test
    void knowsNoOtherMethod() {
        assertTrue(RemoteMethod.byWireName("getClass").isEmpty());
        assertTrue(RemoteMethod.byWireName("_hessian_getAttribute").isEmpty());
    }
}
