package org.cosim.runner.omnetpp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.cosim.setup.report.PacketTrace;

/**
 * Reads the packet trace an OMNeT++ run wrote (output.packet_trace; the bridge's
 * packetTraceFile, format in omnetpp-bridge/src/fabric/PacketTraceFile.h) into the
 * same {@link PacketTrace} the Java fabric keeps, so both back ends write the same
 * packet_trace.csv. A file without its footer is one the run did not finish: its
 * records are kept when the run failed anyway, and are an error when it says it
 * completed.
 */
public final class PacketTraceFile {
    /** The file's name in the folder of a run the runner starts (OmnetppIni.forRun sets it). */
    public static final String RUNNER_FILE = "cosim.pkt";
    static final int HEADER_BYTES = 16;
    static final int RECORD_BYTES = 56;
    static final int FOOTER_BYTES = 16;
    private static final int CHUNK_RECORDS = 1 << 14;
    private static final byte[] MAGIC = "COSIMPKT".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "COSIMEND".getBytes(StandardCharsets.US_ASCII);

    private PacketTraceFile() {}

    /**
     * The trace in {@code file}, its nodes named by the run's topology; null when the run
     * left none. {@code complete}: the run says it reached its end, so the file must be finished.
     */
    public static PacketTrace read(Path file, List<String> hostNames, List<String> switchNames, boolean complete) {
        if (!Files.exists(file)) {
            if (complete) {
                throw new OmnetppException("the run traced packets but left no packet trace file " + file);
            }
            return null;
        }
        // Read in chunks, not whole: at max_records (50 million steps) the file is 2.8 GB, past one array.
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer head = readAt(ch, 0, (int) Math.min(size, HEADER_BYTES));
            if (size < HEADER_BYTES || !startsWith(head, 0, MAGIC) || head.getInt(8) != 1
                    || head.getInt(12) != RECORD_BYTES) {
                throw new OmnetppException(file + " is not a packet trace file of version 1 with "
                        + RECORD_BYTES + "-byte records");
            }
            long body = size - HEADER_BYTES;
            ByteBuffer foot = body >= FOOTER_BYTES ? readAt(ch, size - FOOTER_BYTES, FOOTER_BYTES) : null;
            boolean finished = foot != null && (body - FOOTER_BYTES) % RECORD_BYTES == 0 && startsWith(foot, 0, END);
            if (!finished && complete) {
                throw new OmnetppException(file + " ends without its footer (" + body + " bytes of records): the "
                        + "run did not finish writing it");
            }
            long records = (finished ? body - FOOTER_BYTES : body) / RECORD_BYTES;  // unfinished: whole records only
            PacketTrace t = new PacketTrace(hostNames, switchNames);
            ByteBuffer b = ByteBuffer.allocate(RECORD_BYTES * CHUNK_RECORDS).order(ByteOrder.LITTLE_ENDIAN);
            for (long done = 0; done < records; ) {
                int n = (int) Math.min(CHUNK_RECORDS, records - done);
                b.clear().limit(n * RECORD_BYTES);
                readFully(ch, b, HEADER_BYTES + done * RECORD_BYTES);
                for (int i = 0; i < n; i++) {
                    int o = i * RECORD_BYTES;
                    t.add(b.getLong(o), b.get(o + 12), b.getInt(o + 20), b.getInt(o + 24), b.getInt(o + 8),
                            b.getLong(o + 28), b.get(o + 13), b.get(o + 14), b.getInt(o + 16), b.getLong(o + 36),
                            b.getInt(o + 44), b.getLong(o + 48));
                }
                done += n;
            }
            t.setAttempted(finished ? foot.getLong(8) : records);
            return t;
        } catch (IllegalArgumentException e) {
            throw new OmnetppException(file + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new OmnetppException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static ByteBuffer readAt(FileChannel ch, long at, int bytes) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, b, at);
        return b;
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new IOException("ends early");
            }
        }
    }

    private static boolean startsWith(ByteBuffer b, int at, byte[] magic) {
        for (int i = 0; i < magic.length; i++) {
            if (b.get(at + i) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
