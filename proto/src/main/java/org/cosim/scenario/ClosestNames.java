package org.cosim.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * "Did you mean" for a mistyped name (a command, an option, a scenario field): the known names closest to it by
 * edit distance, counting a swap of two neighbouring letters as one edit (optimal string alignment), within
 * a third of the typed name's length (at least one edit, at most three).
 */
public final class ClosestNames {
    private ClosestNames() {}

    /** The known names nearest to {@code typed} within the limit, in the order given; empty if none is near. */
    public static List<String> of(String typed, Collection<String> known) {
        int limit = Math.max(1, Math.min(3, typed.length() / 3));
        int best = limit + 1;
        List<String> closest = new ArrayList<>();
        for (String name : known) {
            // Lengths further apart than the limit are further apart in edits (and a huge typed name costs nothing).
            int d = Math.abs(typed.length() - name.length()) > limit ? limit + 1 : distance(typed, name);
            if (d < best) {
                best = d;
                closest.clear();
            }
            if (d == best && d <= limit) {
                closest.add(name);
            }
        }
        return closest;
    }

    /** "; did you mean 'run'?" (or "'a' or 'b'"), each name with {@code prefix}; "" when none is near. */
    public static String didYouMean(String typed, Collection<String> known, String prefix) {
        List<String> closest = of(typed, known);
        if (closest.isEmpty()) {
            return "";
        }
        List<String> quoted = closest.stream().map(n -> "'" + prefix + n + "'").toList();
        return "; did you mean " + String.join(" or ", quoted) + "?";
    }

    /** Edits (insert, delete, replace, swap two neighbours) that turn a into b. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
