package org.cosim.scenario;

/**
 * A value as an error message shows it: control characters escaped (a NUL byte as {@code \0}, a newline as
 * {@code \n}), and at most {@link #MAX_CHARS} characters of it, with "... (N chars)" after a cut, so a bad value
 * of a megabyte makes a one-line message. Written once, here, for every message that echoes a value.
 */
public final class Shown {
    /** The characters of a value a message shows before it cuts it. */
    public static final int MAX_CHARS = 200;
    /** A value at most this much longer shows whole: showing a shown value again leaves it as it is. */
    private static final int SLACK = 32;

    private Shown() {}

    public static String value(String s) {
        StringBuilder b = new StringBuilder();
        int end = s.length() > MAX_CHARS + SLACK ? MAX_CHARS : s.length();
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\0' -> b.append("\\0");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return end < s.length() ? b + "... (" + s.length() + " chars)" : b.toString();
    }
}
