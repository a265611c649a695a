package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.ColourChoice;
import club.pente.matchmaking.domain.Invitation;

/**
 * A friend invitation as stored: the acceptance rules' view of it and what it offers; the game and match once
 * accepted. Invitations from before variants are Pente.
 */
public record StoredInvitation(Invitation invitation, PlayerRef inviter, String timeControl, ColourChoice color, int games,
                               String gameId, String matchId, Variant variant) {
    public StoredInvitation {
        variant = Variant.orDefault(variant);
    }

    public StoredInvitation(Invitation invitation, PlayerRef inviter, String timeControl, ColourChoice color, int games,
                            String gameId, String matchId) {
        this(invitation, inviter, timeControl, color, games, gameId, matchId, Variant.PENTE);
    }
}
