package org.cosim.scenario;

/**
 * A scenario that cannot be run: malformed text, an unknown field, or an
 * impossible value. The message always names the field (a dotted path such as
 * {@code protocol.timely.t_low_us}) or the file position.
 */
public final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String field;

    /** {@code field} as a message shows it ({@link Shown}): a field path taken from a command line may be huge. */
    public ScenarioException(String field, String problem) {
        super(Shown.value(field) + ": " + problem);
        this.field = Shown.value(field);
    }

    public ScenarioException(String field, String problem, Throwable cause) {
        super(Shown.value(field) + ": " + problem, cause);
        this.field = Shown.value(field);
    }

    /**
     * The parameter check every protocol config uses: when {@code ok} is false,
     * fails naming the field, the value and the rule it breaks
     * ("protocol.ndp.rto_min_us: -1.0 must be in (0, 1e9]").
     */
    public static void require(boolean ok, String field, Object value, String rule) {
        if (!ok) {
            throw new ScenarioException(field, value + " " + rule);
        }
    }

    /** The dotted field path, or the file name and position for syntax errors. */
    public String field() {
        return field;
    }
}
