package io.lockfacade.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** How the reports print numbers: three significant digits or more, thousands separated, NaN as a dash. */
public final class Figures {

    /** Printed for a missing figure. */
    public static final String NONE = "—";

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double TWO_DECIMALS_BELOW = 10;
    private static final double ONE_DECIMAL_BELOW = 100;

    private Figures() {
    }

    /** @return the value with its unit, e.g. {@code 287 µs} */
    public static String withUnit(double value, String unit) {
        return Double.isNaN(value) ? NONE : number(value) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** @return the value alone */
    public static String number(double value) {
        if (Double.isNaN(value)) {
            return NONE;
        }
        double magnitude = Math.abs(value);
        if (magnitude > 0 && magnitude < 1) {
            return new BigDecimal(value).round(new MathContext(SIGNIFICANT_DIGITS)).toPlainString();
        }
        String pattern = magnitude < TWO_DECIMALS_BELOW ? "%,.2f" : magnitude < ONE_DECIMAL_BELOW ? "%,.1f" : "%,.0f";
        return String.format(Locale.ROOT, pattern, value);
    }

    /** @return a ratio, e.g. {@code 1.08×} */
    public static String ratio(double ratio) {
        return Double.isNaN(ratio) ? NONE : number(ratio) + "×";
    }

    /** @return {@code yes}, {@code NO} or empty */
    public static String verdict(Boolean met) {
        return met == null ? "" : met ? "yes" : "NO";
    }
}
