package org.cosim.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.omnetpp.OmnetppIni;
import org.cosim.runner.omnetpp.OppRunAllocator;

/**
 * A worker opp_run: one process that runs the runner's in-process runs one after the other
 * ({@link OmnetppIni#forWorker}, omnetpp-bridge/src/omnetpp/WorkerScheduler.h). A sweep, a validation or a test
 * suite then starts opp_run, loads OMNeT++'s NED types and starts the agents' JVM once per worker instead of once
 * per run, and its later runs find the agents' code compiled (docs/speed.md). Each run sets its network up afresh,
 * from its own files, as a run of its own process does, and gives the same results.
 *
 * <p>A run in a worker: the runner waits for the worker's {@code cosim-worker-ready}, points the worker's
 * {@link OmnetppIni#WORKER_RUN_DIR} at the run's folder, writes the run's warm-up period in picoseconds as one line
 * to the worker's standard input, and reads its output up to {@code cosim-run-end} (the run's files are closed) and
 * on to the next {@code cosim-worker-ready} (the network deleted, the worker free). A run that ends in an error, or
 * stopped by SIGTERM, ends the process (Cmdenv stops its batch), whose exit status then says so as for a run of its
 * own. Idle workers wait in this class, one set per {@link Key}; a worker whose runner's JVM exits sees its standard
 * input end, and exits.
 */
final class OppRunWorker {
    /** What a worker prints before each run, when it waits for the runner's next run. */
    static final String READY = "cosim-worker-ready";
    /** What a worker prints when a run has ended and its files are closed. */
    static final String RUN_END = "cosim-run-end";

    /**
     * What makes two workers interchangeable: opp_run's command (before its ini file), the library preloaded into
     * it ("" for none), the bridge library's modification time (a rebuilt library needs a new process), and the
     * worker's ini file.
     */
    record Key(List<String> command, String preload, long libraryModified, String ini) {}

    private static final Map<Key, Deque<OppRunWorker>> IDLE = new HashMap<>();

    private final Key key;
    private final Process process;
    private final BufferedReader out;
    private final Writer in;
    private final Path dir;
    /** Cmdenv's lines about the next run, printed between a run's end and the worker's ready line. */
    private final List<String> nextRunLines = new ArrayList<>();
    private int runs;
    /** Whether it has printed its ready line and waits for a run. */
    private boolean waiting;
    private boolean ended;

    private OppRunWorker(Key key, Process process, Path dir) {
        this.key = key;
        this.process = process;
        this.dir = dir;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /** An idle worker of {@code key}, or a new one started in a folder of its own. */
    static OppRunWorker take(Key key) {
        synchronized (IDLE) {
            Deque<OppRunWorker> idle = IDLE.get(key);
            while (idle != null && !idle.isEmpty()) {
                OppRunWorker w = idle.pop();
                if (w.process.isAlive()) {
                    return w;
                }
                w.end();
            }
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("cosim-opp_run-");
            dir.toFile().deleteOnExit();
            Path ini = dir.resolve("worker.ini");
            Files.writeString(ini, key.ini());
            ini.toFile().deleteOnExit();
            dir.resolve(OmnetppIni.WORKER_RUN_DIR).toFile().deleteOnExit();
            List<String> cmd = new ArrayList<>(key.command());
            cmd.addAll(List.of("-f", ini.getFileName().toString(), "-c", "General"));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            if (!key.preload().isEmpty()) {
                OppRunAllocator.preload(pb.environment(), Path.of(key.preload()));
            }
            return new OppRunWorker(key, pb.start(), dir);
        } catch (IOException e) {
            throw new OmnetppException("cannot start a worker opp_run (" + key.command().get(0) + ") in " + dir
                    + ": " + e.getMessage(), e);
        }
    }

    /** The process, for a stop asked for during a run ({@link OppRunStop}). */
    Process process() {
        return process;
    }

    /** What opp_run.log says of the process a run ran in. */
    String describe() {
        return String.join(" ", key.command()) + " -f " + dir.resolve("worker.ini") + " -c General (worker opp_run, pid "
                + process.pid() + ", its run " + (runs + 1) + ")";
    }

    /**
     * Runs one run whose files are in {@code runDir}, with a warm-up period of {@code warmupPs}; every line the
     * worker prints for it goes to {@code lines}. Returns 0 when the worker ran it and is ready for another, else
     * opp_run's exit status (the process has ended: the run ended in an error or was stopped, or opp_run could not
     * start).
     */
    int run(Path runDir, long warmupPs, Consumer<String> lines) {
        nextRunLines.forEach(lines);
        nextRunLines.clear();
        boolean whole = false;
        try {
            if (!waiting && !readUntil(READY, lines)) {
                return end();
            }
            waiting = false;
            Path link = dir.resolve(OmnetppIni.WORKER_RUN_DIR);
            try {
                Files.deleteIfExists(link);
                Files.createSymbolicLink(link, runDir.toAbsolutePath());
            } catch (IOException e) {
                throw new OmnetppException("cannot link " + link + " to the run's folder " + runDir + ": "
                        + e.getMessage(), e);
            }
            runs++;
            in.write(warmupPs + "\n");
            in.flush();
            // After the run's end, Cmdenv's lines about the next run wait for that run's log.
            if (!readUntil(RUN_END, lines) || !readUntil(READY, nextRunLines::add)) {
                return end();
            }
            waiting = true;
            whole = true;
            return 0;
        } catch (IOException e) {
            // Its standard input closed under us: the process has ended.
            return end();
        } finally {
            if (!whole && !ended) {
                // Left midway (the caller's code threw): what the process would do next is unknown.
                process.destroyForcibly();
                end();
            }
        }
    }

    /** Puts a worker that is ready back among the idle ones; one that has ended is left to go. */
    void release() {
        if (!ended && process.isAlive()) {
            synchronized (IDLE) {
                IDLE.computeIfAbsent(key, k -> new ArrayDeque<>()).push(this);
            }
        } else if (!ended) {
            end();
        }
    }

    /** Reads lines to {@code lines} up to {@code marker} (not given); false at the end of the output. */
    private boolean readUntil(String marker, Consumer<String> lines) throws IOException {
        String line;
        while ((line = out.readLine()) != null) {
            if (line.equals(marker)) {
                return true;
            }
            lines.accept(line);
        }
        return false;
    }

    /** Waits for the process to end (its output has ended) and returns its exit status. */
    private int end() {
        ended = true;
        try {
            in.close();
        } catch (IOException e) {
            // already closed by the process's end
        }
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
            throw new OmnetppException("interrupted while a worker opp_run ended");
        } finally {
            try {
                Files.deleteIfExists(dir.resolve(OmnetppIni.WORKER_RUN_DIR));
                Files.deleteIfExists(dir.resolve("worker.ini"));
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                // a temporary folder left behind; deleteOnExit tries again
            }
        }
    }
}
