package club.pente.kubernetes;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The hand-made manifests under src/test/resources/samples. */
final class Samples {
    private Samples() {
    }

    static Path path(String name) {
        try {
            return Path.of(Samples.class.getResource("/samples/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalArgumentException("no sample " + name, e);
        }
    }
}
