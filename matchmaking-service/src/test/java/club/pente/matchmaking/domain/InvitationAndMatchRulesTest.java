package club.pente.matchmaking.domain;

import club.pente.core.contract.PerSide;
import club.pente.core.rules.Color;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InvitationAndMatchRulesTest {
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private static Invitation invitation(Mode mode, Invitation.Status status, Instant expiresAt, String acceptedBy) {
        return new Invitation("ABCD2345", "inviter", mode, status, expiresAt, acceptedBy);
    }

    @Test
    void anOpenInvitationCanBeAcceptedByAnyoneElse() {
        Invitation open = invitation(Mode.CASUAL, Invitation.Status.OPEN, NOW.plusSeconds(60), null);
        assertThat(open.refusal("guest:1", "guest:1", false, NOW)).isNull();
        assertThat(open.refusal("friend", "friend", true, NOW)).isNull();
    }

    @Test
    void refusalsSayWhy() {
        Instant later = NOW.plusSeconds(60);
        assertThat(invitation(Mode.CASUAL, Invitation.Status.ACCEPTED, later, "x").refusal("y", "y", true, NOW))
                .isEqualTo(Invitation.Refusal.USED);
        assertThat(invitation(Mode.CASUAL, Invitation.Status.CANCELLED, later, null).refusal("y", "y", true, NOW))
                .isEqualTo(Invitation.Refusal.CANCELLED);
        assertThat(invitation(Mode.CASUAL, Invitation.Status.OPEN, NOW, null).refusal("y", "y", true, NOW))
                .isEqualTo(Invitation.Refusal.EXPIRED);
        assertThat(invitation(Mode.CASUAL, Invitation.Status.OPEN, later, null).refusal("inviter", "inviter", true, NOW))
                .isEqualTo(Invitation.Refusal.OWN_INVITATION);
        assertThat(invitation(Mode.RANKED, Invitation.Status.OPEN, later, null).refusal("guest:1", "guest:1", false, NOW))
                .isEqualTo(Invitation.Refusal.RANKED_NEEDS_ACCOUNT);
        assertThat(invitation(Mode.CASUAL, Invitation.Status.ACCEPTED, later, "y").acceptedBy("y")).isTrue();
    }

    @Test
    void codesAreShortUnambiguousAndVaried() {
        Random random = new Random(1);
        Set<String> codes = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String code = InvitationCodes.generate(random);
            assertThat(code).hasSize(8).matches("[A-HJKMNP-Z2-9]{8}");
            codes.add(code);
        }
        assertThat(codes).hasSize(1000);
        assertThat(InvitationCodes.normalize(" abcd-2345 ")).isEqualTo("ABCD2345");
    }

    @Test
    void matchColoursAlternate() {
        assertThat(MatchRules.colourOfA(Color.WHITE, 1)).isEqualTo(Color.WHITE);
        assertThat(MatchRules.colourOfA(Color.WHITE, 2)).isEqualTo(Color.BLACK);
        assertThat(MatchRules.colourOfA(Color.WHITE, 3)).isEqualTo(Color.WHITE);
        assertThat(MatchRules.colourOfA(Color.BLACK, 1)).isEqualTo(Color.BLACK);
        assertThat(MatchRules.colourOfA(Color.BLACK, 2)).isEqualTo(Color.WHITE);
    }

    @Test
    void matchPointsAddUpPerPlayerWhateverTheColour() {
        int[] score = {0, 0};
        // Game 1: A white wins with a pente and 2 captures (7), B captured 1 pair.
        score = MatchRules.add(score[0], score[1], Color.WHITE, new PerSide(7, 1));
        // Game 2: A black captured 3 pairs, B white won with a pente and 1 capture.
        score = MatchRules.add(score[0], score[1], Color.BLACK, new PerSide(6, 3));
        assertThat(score).containsExactly(10, 7);
    }

    @Test
    void gameCountsAndPresetsAreChecked() {
        assertThat(MatchRules.checkGames(null)).isEqualTo(1);
        assertThat(MatchRules.checkGames(5)).isEqualTo(5);
        assertThatThrownBy(() -> MatchRules.checkGames(0)).isInstanceOf(BadRequestException.class);
        assertThatThrownBy(() -> MatchRules.checkGames(11)).isInstanceOf(BadRequestException.class);
        assertThat(TimeControlPresets.of("10+5").initialSeconds()).isEqualTo(600);
        assertThat(TimeControlPresets.of("15+10").incrementSeconds()).isEqualTo(10);
        assertThat(TimeControlPresets.check(" UNTIMED ")).isEqualTo("untimed");
        assertThatThrownBy(() -> TimeControlPresets.check("7+3"))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("5+5");
        assertThatThrownBy(() -> Mode.parse("blitz")).isInstanceOf(BadRequestException.class);
        assertThatThrownBy(() -> ColourChoice.parse("green")).isInstanceOf(BadRequestException.class);
    }
}
