package club.pente.rating.rest;

import club.pente.core.rules.Color;
import club.pente.rating.application.RatingReads;
import club.pente.rating.domain.EloPolicy;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A profile is built from the read side's records (no entity, no stack). */
class PlayerProfileTest {
    @Test
    void aProfileShowsTheRecordByColourAndEachChangeSpelledAsStored() {
        RatingReads.RatedPlayer player = new RatingReads.RatedPlayer("alice-account", "alice", 1516, true,
                new RatingReads.Record(3, 2, 1, 0), new RatingReads.Record(2, 2, 0, 0), new RatingReads.Record(1, 0, 1, 0));
        RatingReads.RatingChange latest = new RatingReads.RatingChange(3, "g3", Color.BLACK, EloPolicy.Outcome.LOSS, "bob-account",
                1530, 40, 1532, 1516, true, Instant.parse("2026-12-01T12:00:00Z"));

        PlayerProfile profile = PlayerProfile.of(new RatingReads.Profile(player, List.of(latest)));

        assertThat(profile.games()).isEqualTo(3);
        assertThat(profile.wins()).isEqualTo(2);
        assertThat(profile.asWhite()).isEqualTo(new PlayerProfile.ColourRecord(2, 2, 0, 0));
        assertThat(profile.asBlack()).isEqualTo(new PlayerProfile.ColourRecord(1, 0, 1, 0));
        assertThat(profile.history()).singleElement().satisfies(entry -> {
            assertThat(entry.colour()).isEqualTo("BLACK");
            assertThat(entry.outcome()).isEqualTo("LOSS");
            assertThat(entry.change()).isEqualTo(-16);
            assertThat(entry.game()).isEqualTo(3);
        });
    }
}
