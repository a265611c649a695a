package club.pente.kubernetes;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Renders a kustomization the way an operator's {@code kubectl apply -k} does: {@code kubectl kustomize DIR}
 * (kubectl carries Kustomize v5), or a standalone {@code kustomize build DIR}. PENTE_KUBECTL or
 * PENTE_KUSTOMIZE names the binary when it is not on the PATH.
 */
final class Kustomize {
    private static final long TIMEOUT_SECONDS = 120;

    private final List<String> command;

    private Kustomize(List<String> command) {
        this.command = command;
    }

    static Kustomize find() {
        String kubectl = System.getenv("PENTE_KUBECTL");
        if (kubectl != null && !kubectl.isBlank()) {
            return new Kustomize(List.of(kubectl, "kustomize"));
        }
        String kustomize = System.getenv("PENTE_KUSTOMIZE");
        if (kustomize != null && !kustomize.isBlank()) {
            return new Kustomize(List.of(kustomize, "build"));
        }
        Optional<Path> onPath = onPath("kubectl");
        if (onPath.isPresent()) {
            return new Kustomize(List.of(onPath.get().toString(), "kustomize"));
        }
        return onPath("kustomize").map(p -> new Kustomize(List.of(p.toString(), "build")))
                .orElseThrow(() -> new IllegalStateException("neither kubectl nor kustomize is on the PATH "
                        + "(set PENTE_KUBECTL or PENTE_KUSTOMIZE). The machine image's kubectl (Google Cloud CLI's package, "
                        + "Kustomize v5) renders these overlays; Debian's kubernetes-client 1.20 does not (Kustomize v2: "
                        + "no components, no labels)"));
    }

    private static Optional<Path> onPath(String binary) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, binary);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The rendered YAML stream of the kustomization in {@code dir}; a failing render is an error with its output. */
    String render(Path dir) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(command);
        argv.add(dir.toString());
        Path out = Files.createTempFile("kustomize", ".yaml");
        Path err = Files.createTempFile("kustomize", ".err");
        try {
            Process process = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", argv) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", argv) + " failed (exit " + process.exitValue() + "): "
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Override
    public String toString() {
        return String.join(" ", command);
    }
}
