package io.lockfacade.client.transport;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The master setting as a client reads it: one endpoint, or a comma-separated list of a master group's members.
 */
public final class MasterUrls {

    private static final String SEPARATOR = ",";

    private MasterUrls() {
    }

    /**
     * @param text one URL, or several separated by commas (blanks around them are ignored)
     * @return the endpoints, each with {@value io.lockfacade.api.LockLimits#SERVICE_PATH} if it named no path
     * @throws IllegalArgumentException if the list is empty, an entry is not an absolute http(s) URL, or an
     *                                  endpoint appears twice
     */
    public static List<URI> parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no master URL given");
        }
        List<URI> endpoints = new ArrayList<>();
        for (String entry : text.split(SEPARATOR, -1)) {
            if (entry.isBlank()) {
                throw new IllegalArgumentException("empty entry in the master URL list \"" + text + "\"");
            }
            try {
                endpoints.add(MemoryLockServiceProxies.endpoint(URI.create(entry.strip())));
            } catch (IllegalArgumentException malformed) {
                throw new IllegalArgumentException("master URL \"" + entry.strip() + "\" is not valid: "
                        + malformed.getMessage(), malformed);
            }
        }
        if (new LinkedHashSet<>(endpoints).size() != endpoints.size()) {
            throw new IllegalArgumentException("a master URL appears twice in \"" + text + "\"");
        }
        return List.copyOf(endpoints);
    }

    /** @return the endpoints as {@link #parse} reads them */
    public static String format(List<URI> endpoints) {
        return String.join(SEPARATOR, endpoints.stream().map(URI::toString).toList());
    }
}
