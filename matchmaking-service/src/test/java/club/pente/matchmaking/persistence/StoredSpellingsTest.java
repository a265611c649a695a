package club.pente.matchmaking.persistence;

import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.MatchStatus;
import club.pente.matchmaking.domain.SeekStatus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The status enums are stored by name: every name fits its column, and the partial indexes spell "waiting" as the enum does. */
class StoredSpellingsTest {
    private static final String MIGRATION = read("db/migration/V1__matchmaking.sql");
    private static final String VARIANTS = read("db/migration/V4__variants_and_turn_based.sql");

    private static String read(String resource) {
        try (InputStream in = StoredSpellingsTest.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The declared length of a varchar column in the migration. */
    private static int width(String table, String column) {
        Matcher definition = Pattern.compile("create table " + table + " \\((.*?)\\n\\);", Pattern.DOTALL).matcher(MIGRATION);
        assertThat(definition.find()).as("table " + table).isTrue();
        Matcher type = Pattern.compile("\\n\\s+" + column + "\\s+varchar\\((\\d+)\\)").matcher(definition.group(1));
        assertThat(type.find()).as(table + "." + column).isTrue();
        return Integer.parseInt(type.group(1));
    }

    private static int longest(Enum<?>[] values) {
        return Arrays.stream(values).mapToInt(value -> value.name().length()).max().orElseThrow();
    }

    @Test
    void everyStatusFitsItsColumn() {
        assertThat(longest(SeekStatus.values())).isLessThanOrEqualTo(width("seeks", "status"));
        assertThat(longest(MatchStatus.values())).isLessThanOrEqualTo(width("matches", "status"));
        assertThat(longest(Invitation.Status.values())).isLessThanOrEqualTo(width("invitations", "status"));
        assertThat(longest(GameOrigin.values())).isLessThanOrEqualTo(width("games", "origin"));
    }

    @Test
    void thePartialIndexesOnWaitingSeeksSpellItAsTheEnumDoes() {
        assertThat(MIGRATION).contains("seeks_waiting on seeks (created_at) where status = " + Sql.literal(SeekStatus.WAITING));
        // V4 replaced the one-waiting-seek index by one for live seeks only (turn-based seeks are many).
        assertThat(VARIANTS).contains("drop index seeks_one_waiting_per_player;")
                .contains("seeks_one_live_waiting_per_player on seeks (player_id) where status = " + Sql.literal(SeekStatus.WAITING)
                        + " and days_per_move = 0");
    }

    @Test
    void everyVariantFitsItsColumnsAndOldRowsArePente() {
        int longest = longest(Variant.values());
        Matcher column = Pattern.compile("alter table (\\w+) add column variant varchar\\((\\d+)\\) not null default '(\\w+)';")
                .matcher(VARIANTS);
        java.util.Set<String> tables = new java.util.TreeSet<>();
        while (column.find()) {
            tables.add(column.group(1));
            assertThat(Integer.parseInt(column.group(2))).as(column.group(1)).isGreaterThanOrEqualTo(longest);
            assertThat(column.group(3)).isEqualTo(Variant.PENTE.name());
        }
        assertThat(tables).containsExactly("games", "invitations", "matches", "seeks");
    }
}
