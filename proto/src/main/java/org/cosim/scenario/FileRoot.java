package org.cosim.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The directory a scenario's files (its bases, CDF files, law sources) may be
 * read from. Reading one's own scenario reads from {@link #ANYWHERE}; an agent
 * server answering the Resolve RPC for peers on other machines reads only
 * under one directory, since a scenario names the files it makes the server
 * read and a law's source or a CDF file goes back to the peer inside the RunSpec.
 */
public final class FileRoot {
    /** No limit: the files of a scenario one reads oneself. */
    public static final FileRoot ANYWHERE = new FileRoot(null);

    private final Path dir;

    private FileRoot(Path dir) {
        this.dir = dir;
    }

    /** Only files under {@code dir} (after following links); it must be a directory. */
    public static FileRoot under(Path dir) {
        try {
            return new FileRoot(dir.toRealPath());
        } catch (IOException e) {
            throw new IllegalArgumentException("no such directory: " + dir, e);
        }
    }

    /** The directory, or null for {@link #ANYWHERE}. */
    public Path dir() {
        return dir;
    }

    /**
     * {@code name} as a path, relative to {@code dir} (null: as given); a name no file can have (one with a NUL
     * byte) is a bad value of {@code field}.
     */
    public static Path path(Path dir, String name, String field) {
        try {
            return dir == null ? Path.of(name) : dir.resolve(name);
        } catch (InvalidPathException e) {
            throw new ScenarioException(field, "'" + Shown.value(name) + "' is not a usable file name: "
                    + e.getReason());
        }
    }

    /** The file {@code name} relative to {@code dir}, if it may be read ({@link #check}). */
    Path resolve(Path dir, String name, String field) {
        return check(path(dir, name, field).normalize(), field);
    }

    /**
     * {@code file} if it may be read; else a ScenarioException for {@code field}. A
     * file that does not exist is checked by its path (its reading then fails as
     * usual); one that does by its real path, so a link cannot lead out.
     */
    private Path check(Path file, String field) {
        if (dir == null) {
            return file;
        }
        Path where = file.toAbsolutePath().normalize();
        try {
            if (Files.exists(where)) {
                where = where.toRealPath();
            }
        } catch (IOException e) {
            throw new ScenarioException(field, "cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!where.startsWith(dir)) {
            throw new ScenarioException(field, "'" + file + "' is outside " + dir
                    + ", the only directory this agent server reads scenario files from (cosim agents --files-under)");
        }
        return file;
    }

    @Override
    public String toString() {
        return dir == null ? "anywhere" : dir.toString();
    }
}
