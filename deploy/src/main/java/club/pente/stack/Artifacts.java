package club.pente.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The stack's binaries as Maven resolved them when this module was built (paths into the local
 * repository): nothing is downloaded at run time.
 */
public record Artifacts(String kafkaClasspath, Path postgresBinariesJar, String postgresVersion, Path keycloakZip, String keycloakVersion) {

    public static Artifacts load() {
        Properties p = new Properties();
        try (InputStream in = Artifacts.class.getResourceAsStream("artifacts.properties")) {
            if (in == null) {
                throw new IllegalStateException("artifacts.properties missing: build the deploy module with Maven");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Artifacts a = new Artifacts(p.getProperty("kafka.classpath"), Path.of(p.getProperty("postgres.binaries.jar")),
                p.getProperty("postgres.binaries.version"), Path.of(p.getProperty("keycloak.zip")), p.getProperty("keycloak.version"));
        for (Path file : new Path[] {a.postgresBinariesJar, a.keycloakZip}) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException(file + " is missing from the local Maven repository; rebuild: mvn -pl deploy -am install -DskipTests");
            }
        }
        return a;
    }
}
