package club.pente.stack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * PostgreSQL from the zonky embedded binaries, extracted once into {@code .pente/postgres}.
 * PostgreSQL refuses to run as root, so as root its files belong to, and it runs as, user nobody.
 */
public final class PostgresComponent implements Component {

    private static final String UNPRIVILEGED = "nobody";

    private final StackConfig config;
    private final Artifacts artifacts;
    private final Path dir;
    private final Path binaries;
    private final Path data;

    public PostgresComponent(StackConfig config, Artifacts artifacts) {
        this.config = config;
        this.artifacts = artifacts;
        this.dir = config.home().resolve("postgres");
        this.binaries = dir.resolve("pgsql-" + artifacts.postgresVersion());
        this.data = dir.resolve("data");
    }

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public List<Port> ports() {
        return List.of(new Port(config.postgresPort(), "PENTE_PG_PORT"));
    }

    @Override
    public String endpoint() {
        return config.postgres().jdbcUrl() + " (user " + config.postgresUser() + ")";
    }

    @Override
    public void prepare() throws Exception {
        Path log = config.logDir().resolve("postgres.log");
        if (!Files.exists(binaries.resolve(".extracted"))) {
            extractBinaries();
        }
        if (!Files.exists(data.resolve("PG_VERSION"))) {
            Files.createDirectories(data);
            Path pwfile = dir.resolve("initdb.pw");
            Files.writeString(pwfile, config.postgresPassword() + "\n");
            if (isRoot()) {
                run(List.of("chown", "-R", UNPRIVILEGED, data.toString(), pwfile.toString()));
            }
            try {
                Processes.runToCompletion(asPostgresUser(List.of(binaries.resolve("bin/initdb").toString(),
                        "-D", data.toString(), "-U", config.postgresUser(), "--pwfile=" + pwfile,
                        "-A", "scram-sha-256", "-E", "UTF8", "--locale=C")), dir, log, Duration.ofMinutes(2));
            } finally {
                Files.deleteIfExists(pwfile);
            }
        }
    }

    @Override
    public Launch launch() {
        return new Launch(asPostgresUser(List.of(binaries.resolve("bin/postgres").toString(),
                "-D", data.toString(),
                "-h", config.bindHost(),
                "-p", Integer.toString(config.postgresPort()),
                // No unix socket: clients use TCP, and nobody need not write anywhere but data.
                "-c", "unix_socket_directories=",
                "-c", "max_connections=200")), Map.of(), dir, "INT");
    }

    @Override
    public boolean isReady() {
        return Probes.answers(config.connectHost(), config.postgresPort()) && PostgresDatabases.canQuery(config);
    }

    @Override
    public Duration startTimeout() {
        return Duration.ofSeconds(60);
    }

    private void extractBinaries() throws IOException, InterruptedException {
        Path tmp = dir.resolve("pgsql-extracting");
        run(List.of("rm", "-rf", tmp.toString()));
        Files.createDirectories(tmp);
        try (JarFile jar = new JarFile(artifacts.postgresBinariesJar().toFile())) {
            ZipEntry txz = jar.stream().filter(e -> e.getName().endsWith(".txz")).findFirst()
                    .orElseThrow(() -> new IOException("no .txz in " + artifacts.postgresBinariesJar()));
            Process tar = new ProcessBuilder("tar", "-xJf", "-", "-C", tmp.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try (InputStream in = jar.getInputStream(txz); var out = tar.getOutputStream()) {
                in.transferTo(out);
            }
            if (tar.waitFor() != 0) {
                throw new IOException("tar failed extracting " + txz.getName());
            }
        }
        run(List.of("chmod", "-R", "a+rX", tmp.toString()));
        Files.writeString(tmp.resolve(".extracted"), artifacts.postgresVersion() + "\n");
        run(List.of("rm", "-rf", binaries.toString()));
        Files.move(tmp, binaries);
    }

    private List<String> asPostgresUser(List<String> command) {
        if (!isRoot()) {
            return command;
        }
        // setpriv execs in place (unlike runuser, which forks), so the recorded pid is postgres itself.
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + UNPRIVILEGED, "--regid=nogroup", "--clear-groups", "--"));
        cmd.addAll(command);
        return cmd;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed");
        }
    }
}
