package io.lockfacade.webapp.metrics;

/**
 * The two formats {@code /admin/metrics} speaks, chosen from the scraper's {@code Accept} header: OpenMetrics
 * when it is asked for by name (Prometheus asks for it first), else the Prometheus text format 0.0.4, which
 * every scraper and {@code curl} reads.
 */
public enum ScrapeFormat {

    /** The Prometheus text format, version 0.0.4. */
    PROMETHEUS_TEXT("text/plain; version=0.0.4; charset=utf-8"),

    /** OpenMetrics text, version 1.0.0. */
    OPEN_METRICS("application/openmetrics-text; version=1.0.0; charset=utf-8");

    private static final String OPEN_METRICS_TYPE = "application/openmetrics-text";

    private final String contentType;

    ScrapeFormat(String contentType) {
        this.contentType = contentType;
    }

    /** @return the response's Content-Type, which is also what the registry is asked to write */
    public String contentType() {
        return contentType;
    }

    /**
     * @param accept the request's {@code Accept} header, or {@code null}
     * @return OpenMetrics if the header names it with a non-zero quality, else the Prometheus text format
     */
    public static ScrapeFormat forAccept(String accept) {
        if (accept == null) {
            return PROMETHEUS_TEXT;
        }
        for (String range : accept.split(",")) {
            String[] parts = range.trim().split(";");
            if (parts[0].trim().equalsIgnoreCase(OPEN_METRICS_TYPE) && !refused(parts)) {
                return OPEN_METRICS;
            }
        }
        return PROMETHEUS_TEXT;
    }

    private static boolean refused(String[] parameters) {
        for (int i = 1; i < parameters.length; i++) {
            String parameter = parameters[i].trim();
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2)) <= 0;
                } catch (NumberFormatException unreadable) {
                    return true;
                }
            }
        }
        return false;
    }
}
