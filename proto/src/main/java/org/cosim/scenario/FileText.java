package org.cosim.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads a file a scenario names (the scenario, its base, a CDF file, a law's source)
 * as UTF-8 text. Whatever path a scenario names is read whole into memory, so a
 * device (/dev/zero), a pipe or an oversized file would run the JVM out of heap
 * or never end: each is refused before it is read.
 */
final class FileText {
    /**
     * The largest file read: far above any real scenario, CDF or law source (the
     * shipped ones are kilobytes), and small enough to parse on a default heap.
     */
    static final long MAX_BYTES = 64L << 20;

    private FileText() {}

    /**
     * The file's text. What cannot be read is an IOException, as from
     * {@link Files#readString}: NoSuchFileException, CharacterCodingException for
     * bytes that are not UTF-8, and an IOException saying why for a file that is
     * not a regular file or is larger than {@link #MAX_BYTES}.
     */
    static String read(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new IOException("not a regular file" + (attributes.isDirectory() ? " (a directory)" : ""));
        }
        if (attributes.size() > MAX_BYTES) {
            throw tooLarge();
        }
        byte[] bytes;
        // At most one byte more than the limit, so a file that grew after the check is caught too.
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) MAX_BYTES + 1);
        }
        if (bytes.length > MAX_BYTES) {
            throw tooLarge();
        }
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    }

    private static IOException tooLarge() {
        return new IOException("larger than " + (MAX_BYTES >> 20) + " MiB, the most a scenario's file may be");
    }
}
