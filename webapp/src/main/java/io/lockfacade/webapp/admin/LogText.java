package io.lockfacade.webapp.admin;

/**
 * Quotes values for the audit log so that a hostile owner name (owners may hold any character, line breaks
 * included) cannot forge log lines: control characters become {@code ?}.
 */
final class LogText {

    private LogText() {
    }

    /** @return the value in double quotes, control characters replaced */
    static String quote(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        return out.append('"').toString();
    }
}
