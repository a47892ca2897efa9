package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * `cosim agents --port 0` in its own JVM (the test's class path), for the tests that need a real agent server
 * process: started by {@link #start}, which returns once the server says where it serves; its output goes on to
 * {@code log}.
 */
record AgentServerProcess(Process process, String target) {
    private static final String SERVING = "cosim agents: serving contract version 1 on ";

    static AgentServerProcess start(Path log) throws IOException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.cosim.cli.Main", "agents", "--port", "0")
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter copy = new PrintWriter(Files.newBufferedWriter(log), true);
        String target = null;
        for (String line; target == null && (line = out.readLine()) != null; ) {
            copy.println(line);
            if (line.startsWith(SERVING)) {
                target = line.substring(SERVING.length()).split(";")[0].trim();
            }
        }
        if (target == null) {
            copy.close();
            fail("the agent server exited before serving: " + Files.readString(log));
        }
        Thread drain = new Thread(() -> {
            try (copy; out) {
                out.lines().forEach(copy::println);
            } catch (IOException e) {
                // the process is gone; its log keeps what it said
            }
        });
        drain.setDaemon(true);
        drain.start();
        return new AgentServerProcess(p, target);
    }
}
