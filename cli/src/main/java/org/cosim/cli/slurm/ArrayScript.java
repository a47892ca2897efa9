package org.cosim.cli.slurm;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The batch script of a submission: a job array of {@code tasks} tasks, task i running the points on line i of the
 * submission's tasks file with {@code cosim slurm-task} (the build that submitted the study, on the shared
 * filesystem: TaskCommand), in the submitting command's working directory, with its output in {@code DIR/slurm/logs/}. Options
 * for sbatch (partition, time, memory) go on sbatch's command line, not here ({@link Slurm#submit}).
 *
 * @param javaCommand the JVM and its options, then {@code -jar} and the jar (TaskCommand#forStudy)
 * @param environment variables the tasks need set as the submitting command has them (COSIM_HOME)
 */
public record ArrayScript(StudyDir study, int submission, int tasks, String jobName, List<String> javaCommand,
                          Path workDir, Map<String, String> environment) {
    public ArrayScript {
        javaCommand = List.copyOf(javaCommand);
        environment = Map.copyOf(environment);
    }

    public String text() {
        StringBuilder b = new StringBuilder("#!/bin/bash\n");
        b.append("#SBATCH --job-name=").append(jobName.replaceAll("[^A-Za-z0-9._+-]", "_")).append('\n');
        b.append("#SBATCH --array=0-").append(tasks - 1).append('\n');
        b.append("#SBATCH --ntasks=1\n");
        b.append("#SBATCH --cpus-per-task=1\n");
        b.append("#SBATCH --output=").append(study.logs().resolve("%A_%a.log")).append('\n');
        b.append("# cosim: task i runs the points on line i+1 of ").append(study.tasks(submission))
                .append(";\n# each point's state is in ").append(study.points()).append('\n');
        b.append("set -e\n");
        b.append("cd ").append(quote(workDir.toString())).append('\n');
        environment.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                b.append("export ").append(e.getKey()).append('=').append(quote(e.getValue())).append('\n'));
        b.append("exec ").append(javaCommand.stream().map(ArrayScript::quote).collect(Collectors.joining(" ")))
                .append(" slurm-task ").append(quote(study.dir().toString())).append(' ').append(submission)
                .append(" \"$SLURM_ARRAY_TASK_ID\"\n");
        return b.toString();
    }

    public Path write() {
        Path file = study.script(submission);
        StudyDir.writeAtomically(file, text());
        return file;
    }

    /** A word for bash: as it is when it holds only safe characters, else in single quotes. */
    static String quote(String s) {
        return s.matches("[A-Za-z0-9_./=:,+@%-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
