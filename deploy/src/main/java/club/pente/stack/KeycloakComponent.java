package club.pente.stack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Keycloak from the keycloak-quarkus-dist zip, unpacked once under {@code .pente/keycloak}, run with
 * {@code start-dev} (H2 database kept in its data dir) and the pente realm imported on first start.
 */
public final class KeycloakComponent implements Component {

    private static final String REALM_RESOURCE = "keycloak/pente-realm.json";

    private final StackConfig config;
    private final Artifacts artifacts;
    private final Path dir;
    private final Path kcHome;

    public KeycloakComponent(StackConfig config, Artifacts artifacts) {
        this.config = config;
        this.artifacts = artifacts;
        this.dir = config.home().resolve("keycloak");
        this.kcHome = dir.resolve("keycloak-" + artifacts.keycloakVersion());
    }

    @Override
    public String name() {
        return "keycloak";
    }

    @Override
    public List<Port> ports() {
        return List.of(new Port(config.keycloakPort(), "PENTE_KEYCLOAK_PORT"));
    }

    @Override
    public String endpoint() {
        return config.realmUrl() + " (admin console " + config.keycloakUrl() + "/admin, "
                + config.keycloakAdmin() + "/" + config.keycloakAdminPassword() + ")";
    }

    @Override
    public void prepare() throws Exception {
        if (!Files.exists(kcHome.resolve(".unpacked"))) {
            unpack();
        }
        byte[] realm;
        try (InputStream in = KeycloakComponent.class.getResourceAsStream(REALM_RESOURCE)) {
            realm = in.readAllBytes();
        }
        // An import is skipped when the realm exists, so a changed realm file means a fresh dev database.
        Path imported = dir.resolve("imported-realm.sha256");
        String sha = sha256(realm);
        if (Files.exists(imported) && !Files.readString(imported).trim().equals(sha)) {
            System.out.println("  realm file changed: resetting Keycloak's dev database to import it again");
            deleteTree(kcHome.resolve("data/h2"));
        }
        Files.createDirectories(kcHome.resolve("data/import"));
        Files.write(kcHome.resolve("data/import/pente-realm.json"), realm);
        Files.writeString(imported, sha + "\n");
    }

    @Override
    public Launch launch() {
        return new Launch(List.of(kcHome.resolve("bin/kc.sh").toString(), "start-dev",
                "--http-host=" + config.bindHost(),
                "--http-port=" + config.keycloakPort(),
                // One issuer whatever host name a client used: services and browser must agree on it.
                "--hostname=" + config.keycloakUrl(),
                "--import-realm"),
                Map.of("KC_BOOTSTRAP_ADMIN_USERNAME", config.keycloakAdmin(),
                        "KC_BOOTSTRAP_ADMIN_PASSWORD", config.keycloakAdminPassword(),
                        "PENTE_SERVICES_SECRET", config.servicesSecret(),
                        "JAVA_OPTS_KC_HEAP", config.env("PENTE_KEYCLOAK_HEAP", "-Xms64m -Xmx512m"),
                        "JAVA_OPTS_APPEND", "-Dpente.component=keycloak"),
                kcHome, "TERM");
    }

    @Override
    public boolean isReady() {
        return Probes.answers(config.connectHost(), config.keycloakPort())
                && Probes.httpOk(config.realmUrl() + "/.well-known/openid-configuration");
    }

    @Override
    public Duration startTimeout() {
        return Duration.ofSeconds(180);
    }

    private void unpack() throws IOException {
        Path tmp = dir.resolve("unpacking");
        deleteTree(tmp);
        Files.createDirectories(tmp);
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(artifacts.keycloakZip()))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                Path target = tmp.resolve(e.getName()).normalize();
                if (!target.startsWith(tmp)) {
                    throw new IOException("zip entry outside its folder: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                    if (e.getName().endsWith(".sh")) {
                        target.toFile().setExecutable(true, false);
                    }
                }
            }
        }
        Path unpacked = tmp.resolve("keycloak-" + artifacts.keycloakVersion());
        Files.writeString(unpacked.resolve(".unpacked"), artifacts.keycloakVersion() + "\n");
        deleteTree(kcHome);
        Files.move(unpacked, kcHome);
        deleteTree(tmp);
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
