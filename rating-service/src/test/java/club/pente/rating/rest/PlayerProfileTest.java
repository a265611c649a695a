package club.pente.rating.rest;

import club.pente.core.contract.RatingChanged;
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
                1530, 40, 1532, 1516, true, Instant.parse("2026-12-01T12:00:00Z"), RatingChanged.Cause.GAME, false);

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
            assertThat(entry.cause()).isEqualTo("GAME");
            assertThat(entry.annulled()).isFalse();
        });
    }

    @Test
    void anAnnulmentLineSaysSoAndShowsTheChangeTakenBack() {
        RatingReads.RatedPlayer player = new RatingReads.RatedPlayer("alice-account", "alice", 1500, true,
                new RatingReads.Record(0, 0, 0, 0), new RatingReads.Record(0, 0, 0, 0), new RatingReads.Record(0, 0, 0, 0));
        RatingReads.RatingChange back = new RatingReads.RatingChange(0, "g1", Color.WHITE, EloPolicy.Outcome.WIN, "bob-account",
                1500, 40, 1520, 1500, true, Instant.parse("2026-12-01T13:00:00Z"), RatingChanged.Cause.ANNULMENT, true);
        RatingReads.RatingChange game = new RatingReads.RatingChange(1, "g1", Color.WHITE, EloPolicy.Outcome.WIN, "bob-account",
                1500, 40, 1500, 1520, true, Instant.parse("2026-12-01T12:00:00Z"), RatingChanged.Cause.GAME, true);

        PlayerProfile profile = PlayerProfile.of(new RatingReads.Profile(player, List.of(back, game)));

        assertThat(profile.history()).extracting(PlayerProfile.HistoryEntry::cause).containsExactly("ANNULMENT", "GAME");
        assertThat(profile.history()).extracting(PlayerProfile.HistoryEntry::change).containsExactly(-20, 20);
        assertThat(profile.history()).allSatisfy(entry -> assertThat(entry.annulled()).isTrue());
    }
}
