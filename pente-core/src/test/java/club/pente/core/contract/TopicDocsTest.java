package club.pente.core.contract;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs name the topics the catalogue has, no more and no fewer: a topic added to {@link Topic} (or
 * renamed, or removed) fails here until the README's topics table and docs/architecture.md's streams table
 * say so. Paths are relative to this module, as Maven runs its tests.
 */
class TopicDocsTest {
    private static final Path README = Path.of("..", "README.md");
    private static final Path ARCHITECTURE = Path.of("..", "docs", "architecture.md");
    /** A table row whose first cell starts with a topic name in backticks, e.g. {@code | `pente.game.events` (12 partitions) |}. */
    private static final Pattern TOPIC_ROW = Pattern.compile("^\\| `(pente\\.[a-z0-9.-]+)`", Pattern.MULTILINE);

    @Test
    void theReadmeHasATableRowForEveryTopicAndNoOther() throws IOException {
        assertThat(topicRows(README)).containsExactlyInAnyOrderElementsOf(catalogue());
    }

    @Test
    void theArchitectureHasATableRowForEveryTopicAndNoOther() throws IOException {
        assertThat(topicRows(ARCHITECTURE)).containsExactlyInAnyOrderElementsOf(catalogue());
    }

    @Test
    void theArchitectureNamesEachTopicsRenamingProperty() throws IOException {
        String text = Files.readString(ARCHITECTURE);
        assertThat(Topic.values()).allSatisfy(topic -> assertThat(text).contains("`" + topic.property() + "`"));
    }

    private static Set<String> catalogue() {
        return Arrays.stream(Topic.values()).map(Topic::defaultName).collect(Collectors.toSet());
    }

    private static Set<String> topicRows(Path file) throws IOException {
        assertThat(file).as("run from the module directory, as Maven does").exists();
        Matcher rows = TOPIC_ROW.matcher(Files.readString(file));
        Set<String> names = new LinkedHashSet<>();
        while (rows.find()) {
            assertThat(names.add(rows.group(1))).as("one row per topic: %s", rows.group(1)).isTrue();
        }
        return names;
    }
}
