package io.lockfacade.server.transport;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RemoteMethodTest {

    @Test
    void listsExactlyTheMethodsOfTheContractWithTheirParameterTypes() {
        List<Method> contract = contract();
        assertEquals(contract.size(), RemoteMethod.values().length);
        for (Method method : contract) {
            RemoteMethod remote = RemoteMethod.byWireName(method.getName()).orElseThrow();
            List<Class<?>> expected = remote.parameters().stream()
                    .<Class<?>>map(p -> p.type() == RemoteMethod.WireType.STRING ? String.class : long.class)
                    .toList();
            List<Class<?>> declared = Arrays.stream(method.getParameterTypes())
                    .<Class<?>>map(type -> type == int.class ? long.class : type) // ints travel as longs
                    .toList();
            assertEquals(declared, expected, method.getName());
        }
    }

    @Test
    void namesEachParameterLikeTheContract() {
        for (Method method : contract()) {
            RemoteMethod remote = RemoteMethod.byWireName(method.getName()).orElseThrow();
            List<String> names = Arrays.stream(method.getParameters()).map(p -> p.getName()).toList();
            if (!names.get(0).startsWith("arg")) { // only when compiled with -parameters
                assertEquals(names, remote.parameters().stream().map(RemoteMethod.Parameter::name).toList());
            }
        }
    }

    private static List<Method> contract() {
        List<Method> methods = new ArrayList<>(Arrays.asList(MemoryLockService.class.getMethods()));
        methods.addAll(Arrays.asList(PrimitiveLockService.class.getMethods()));
        return methods;
    }

    @Test
    void knowsNoOtherMethod() {
        assertTrue(RemoteMethod.byWireName("getClass").isEmpty());
        assertTrue(RemoteMethod.byWireName("_hessian_getAttribute").isEmpty());
    }
}
