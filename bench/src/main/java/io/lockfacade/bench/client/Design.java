package io.lockfacade.bench.client;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.baseline.ArticleDistributeLock;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.distributed.DistributeLock;

/**
 * The two designs every scenario runs: Lock Facade as shipped, and the article's original design.
 */
public enum Design {

    /** {@link DistributeLock} with its default settings against the product master. */
    LOCK_FACADE("Lock Facade", "facade"),

    /** {@link ArticleDistributeLock} against the article's master. */
    ARTICLE("article baseline", "article");

    private final String label;
    private final String cliName;

    Design(String label, String cliName) {
        this.label = label;
        this.cliName = cliName;
    }

    /** @return how reports name the design */
    public String label() {
        return label;
    }

    /** @return the design's name on child command lines */
    public String cliName() {
        return cliName;
    }

    /**
     * @param cliName a name from {@link #cliName()}
     * @return the design
     * @throws IllegalArgumentException if no design has that name
     */
    public static Design fromCliName(String cliName) {
        for (Design design : values()) {
            if (design.cliName.equals(cliName)) {
                return design;
            }
        }
        throw new IllegalArgumentException("unknown design: " + cliName);
    }

    /**
     * Makes this design's client.
     *
     * @param master  the master's service (already counting, if calls are to be counted)
     * @param nodeId  the client's node id
     * @param variant which Lock Facade client; the article has only {@link ClientVariant#AS_SHIPPED}
     * @return the client; close it with {@link LockClient#close()}
     * @throws IllegalArgumentException if the article is asked for another variant
     */
    LockFacade newFacade(MemoryLockService master, String nodeId, ClientVariant variant) {
        return switch (this) {
            case LOCK_FACADE -> variant.newLockFacade(master, nodeId);
            case ARTICLE -> {
                if (variant != ClientVariant.AS_SHIPPED) {
                    throw new IllegalArgumentException("the article's design has no variant " + variant);
                }
                yield new ArticleDistributeLock(master, nodeId);
            }
        };
    }
}
