package org.cosim.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A lock on a results directory ({@value #FILE} in it, which names the process holding it), held from when a
 * command makes the directory until the command returns: a second command writing the same directory at the same
 * time is refused instead of the two overwriting each other's files. The operating system releases it when the
 * process ends, however it ends.
 */
public final class OutputLock {
    /** The lock file a results directory keeps. */
    public static final String FILE = ".cosim.lock";

    /** The locks each command's thread holds, released when it returns ({@link #releaseHeld}). */
    private static final Map<Thread, List<FileChannel>> HELD = new ConcurrentHashMap<>();

    private OutputLock() {}

    /** Locks {@code dir} for this command, or refuses naming the process that has it. */
    static void take(Path dir, String option) {
        Path file = dir.resolve(FILE);
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UsageException(option + " " + dir + ": cannot make its lock file " + file + ": " + e);
        }
        FileLock lock;
        try {
            lock = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;  // this process has it (another command run in-process)
        } catch (IOException e) {
            close(ch);
            throw new UsageException(option + " " + dir + ": cannot lock " + file + ": " + e.getMessage());
        }
        if (lock == null) {
            String holder = holder(file);
            close(ch);
            throw new UsageException(option + " " + dir + ": another cosim command is writing its results there"
                    + (holder.isEmpty() ? "" : " (" + holder + ")") + "; wait for it to end or choose another "
                    + option);
        }
        try {
            ch.truncate(0);
            ch.write(StandardCharsets.UTF_8.encode("pid " + ProcessHandle.current().pid() + "\n"), 0);
        } catch (IOException e) {
            // The lock holds without the note of who has it.
        }
        HELD.computeIfAbsent(Thread.currentThread(), t -> new ArrayList<>()).add(ch);
    }

    /** Releases the locks the calling thread's command took. */
    public static void releaseHeld() {
        List<FileChannel> mine = HELD.remove(Thread.currentThread());
        if (mine != null) {
            mine.forEach(OutputLock::close);
        }
    }

    private static String holder(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static void close(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // Closing releases the lock; nothing else to do.
        }
    }
}
