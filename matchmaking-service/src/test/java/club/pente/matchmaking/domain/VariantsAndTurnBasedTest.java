package club.pente.matchmaking.domain;

import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Variant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Variants and days-per-move presets as the pairing and the edge see them (plain Java). */
class VariantsAndTurnBasedTest {
    private static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");
    private final PairingPolicy policy = new PairingPolicy(100, 50, Duration.ofSeconds(5), 400, new Random(3));

    private static Seek seek(String player, Mode mode, String timeControl, Variant variant, int rating, int secondsAgo) {
        return new Seek("s-" + player + "-" + timeControl + "-" + variant, player, mode, timeControl, rating, T0.minusSeconds(secondsAgo),
                variant);
    }

    private static void badRequest(Runnable call, String code) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.code()).isEqualTo(code));
    }

    @Test
    void aKeryoSeekNeverPairsWithAPenteSeekEvenWithTheSameClockAndRating() {
        Seek keryo = seek("a", Mode.CASUAL, "5+5", Variant.KERYO, 1500, 60);
        Seek pente = seek("b", Mode.CASUAL, "5+5", Variant.PENTE, 1500, 50);
        Seek gomoku = seek("c", Mode.CASUAL, "5+5", Variant.GOMOKU, 1500, 40);
        assertThat(policy.compatible(keryo, pente, T0)).isFalse();
        assertThat(policy.pairAll(List.of(keryo, pente, gomoku), id -> ColourRecord.NONE, T0)).isEmpty();

        Seek otherKeryo = seek("d", Mode.CASUAL, "5+5", Variant.KERYO, 1500, 30);
        List<Pairing> pairings = policy.pairAll(List.of(keryo, pente, gomoku, otherKeryo), id -> ColourRecord.NONE, T0);
        assertThat(pairings).hasSize(1);
        assertThat(List.of(pairings.get(0).white().playerId(), pairings.get(0).black().playerId())).containsExactlyInAnyOrder("a", "d");
    }

    @Test
    void daysPerMovePairOnlyWithTheSameDaysAndNeverWithALiveClock() {
        Seek threeDays = seek("a", Mode.RANKED, "3d", Variant.KERYO, 1500, 20);
        Seek fiveDays = seek("b", Mode.RANKED, "5d", Variant.KERYO, 1500, 15);
        Seek live = seek("c", Mode.RANKED, "10+5", Variant.KERYO, 1500, 10);
        assertThat(policy.pairAll(List.of(threeDays, fiveDays, live), id -> ColourRecord.NONE, T0)).isEmpty();

        Seek alsoThreeDays = seek("d", Mode.RANKED, "3d", Variant.KERYO, 1520, 5);
        List<Pairing> pairings = policy.pairAll(List.of(threeDays, fiveDays, live, alsoThreeDays), id -> ColourRecord.NONE, T0);
        assertThat(pairings).singleElement().satisfies(p -> {
            assertThat(p.white().timeControl()).isEqualTo("3d");
            assertThat(p.black().timeControl()).isEqualTo("3d");
        });
    }

    @Test
    void aSeekWithoutAVariantIsPente() {
        assertThat(new Seek("x", "p", Mode.CASUAL, "5+5", 1500, T0).variant()).isEqualTo(Variant.PENTE);
        assertThat(new Seek("x", "p", Mode.CASUAL, "5+5", 1500, T0, null).variant()).isEqualTo(Variant.PENTE);
    }

    @Test
    void theTurnBasedPresetsAreOneTwoThreeFiveAndSevenDays() {
        assertThat(TimeControlPresets.names()).containsSubsequence("3+2", "5+5", "10+5", "15+10", "30+20", "untimed", "1d", "2d", "3d",
                "5d", "7d");
        assertThat(TimeControlPresets.of("3D")).isEqualTo(TimeControl.daysPerMove(3));
        assertThat(TimeControlPresets.turnBased(" 7d ")).isTrue();
        assertThat(TimeControlPresets.daysPerMove("7d")).isEqualTo(7);
        assertThat(TimeControlPresets.turnBased("untimed")).isFalse();
        assertThat(TimeControlPresets.daysPerMove("10+5")).isZero();
        for (String refused : new String[]{"4d", "99d", "0d", "-1d", "d", "3 d", "3days"}) {
            badRequest(() -> TimeControlPresets.check(refused), "UNKNOWN_TIME_CONTROL");
        }
        String long99 = "9".repeat(200) + "d";
        assertThatThrownBy(() -> TimeControlPresets.check(long99)).isInstanceOf(BadRequestException.class)
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(200));
    }

    @Test
    void variantsAreReadInAnyCaseAndAnythingElseIsAPreciseBadRequest() {
        assertThat(Variants.check(null)).isEqualTo(Variant.PENTE);
        assertThat(Variants.check("")).isEqualTo(Variant.PENTE);
        assertThat(Variants.check("keryo")).isEqualTo(Variant.KERYO);
        assertThat(Variants.check(" Gomoku ")).isEqualTo(Variant.GOMOKU);
        assertThat(Variants.check("PENTE")).isEqualTo(Variant.PENTE);
        badRequest(() -> Variants.check("renju"), "UNKNOWN_VARIANT");
        badRequest(() -> Variants.check("k".repeat(5000)), "UNKNOWN_VARIANT");
        assertThatThrownBy(() -> Variants.check("k".repeat(5000))).satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(100));
    }
}
