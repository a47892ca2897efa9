package org.cosim.runner.omnetpp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.cosim.runner.results.RttSamples;

/**
 * Reads the RTT sample file an OMNeT++ run leaves (the C++ writer
 * {@code omnetpp-bridge/src/fabric/RttSampleFile.h} describes the format and why it
 * is not an output vector): every NIC's exact segment RTT samples, in the order they
 * were taken, which is the order the Java fabric's {@code RttRecorder} keeps.
 */
public final class RttSampleFile {
    /** The file's name in the folder of a run the runner starts (OmnetppIni.forRun sets it). */
    public static final String RUNNER_FILE = "cosim.rtt";

    static final byte[] MAGIC = "COSIMRTT".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 2;
    static final int HEADER_BYTES = 16;
    static final int RECORD_BYTES = 28;

    private RttSampleFile() {}

    /**
     * The samples of {@code file}; {@code expected} is the count the bridge reported
     * (its {@code rttSamples} scalar), or -1 to accept any. A file that is not one, of
     * another version, cut inside a record or holding another count than the bridge
     * wrote is an {@link OmnetppException} naming the file and the problem.
     */
    public static RttSamples read(Path file, long expected) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < HEADER_BYTES) {
                throw bad(file, "is " + size + " bytes long, shorter than its 16-byte header");
            }
            if (size > Integer.MAX_VALUE) {
                throw bad(file, "is " + size + " bytes long: more than this reader maps (2 GiB, about 76 million "
                        + "samples; a shorter run or a longer warm-up records fewer)");
            }
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
            map.order(ByteOrder.LITTLE_ENDIAN);
            return parse(file, map, expected);
        } catch (NoSuchFileException e) {
            throw new OmnetppException("the OMNeT++ run left no RTT sample file " + file, e);
        } catch (IOException e) {
            throw new OmnetppException("cannot read the RTT sample file " + file + ": " + e.getMessage(), e);
        }
    }

    static RttSamples parse(Path file, ByteBuffer b, long expected) {
        byte[] magic = new byte[MAGIC.length];
        b.get(magic);
        if (!Arrays.equals(magic, MAGIC)) {
            throw bad(file, "is not an RTT sample file (it does not start with COSIMRTT)");
        }
        int version = b.getInt();
        int recordBytes = b.getInt();
        if (version != VERSION || recordBytes != RECORD_BYTES) {
            throw bad(file, "has version " + version + " with " + recordBytes + "-byte records; this reader knows version "
                    + VERSION + " with " + RECORD_BYTES + "-byte records (rebuild the bridge: omnetpp-bridge/build.sh)");
        }
        long body = b.remaining();
        if (body % RECORD_BYTES != 0) {
            throw bad(file, "ends inside a record (" + body + " bytes after the header, records of " + RECORD_BYTES + ")");
        }
        long n = body / RECORD_BYTES;
        if (expected >= 0 && n != expected) {
            throw bad(file, "holds " + n + " samples, but the bridge recorded " + expected);
        }
        long[] time = new long[(int) n];
        int[] flow = new int[(int) n];
        long[] network = new long[(int) n];
        long[] host = new long[(int) n];
        for (int i = 0; i < n; i++) {
            time[i] = b.getLong();
            flow[i] = b.getInt();
            network[i] = b.getLong();
            host[i] = b.getLong();
        }
        return new RttSamples(time, flow, network, host);
    }

    private static OmnetppException bad(Path file, String problem) {
        return new OmnetppException("the RTT sample file " + file + " " + problem);
    }
}
