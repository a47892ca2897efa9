package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JsonWriterTest {
    @Test
    void numbersAreShortAndStable() {
        assertEquals("19.4", JsonWriter.number(19.4));
        assertEquals("3", JsonWriter.number(3.0));
        assertEquals("0.333333", JsonWriter.number(1 / 3.0));
        assertEquals("123457", JsonWriter.number(123456.7));
        assertEquals("null", JsonWriter.number(Double.NaN));
    }

    @Test
    void nestedObjectsAndEscapes() {
        String s = new JsonWriter().beginObject().field("a", "x\"y").beginObject("b").field("c", 1).endObject()
                .field("d", new double[] {1.5, 2}).endObject().toString();
        assertEquals("{\n  \"a\": \"x\\\"y\",\n  \"b\": {\n    \"c\": 1\n  },\n  \"d\": [1.5, 2]\n}\n", s);
    }
}
