package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.domain.ColourChoice;
import club.pente.matchmaking.domain.Invitation;

/** A friend invitation as stored: the acceptance rules' view of it and what it offers; the game and match once accepted. */
public record StoredInvitation(Invitation invitation, PlayerRef inviter, String timeControl, ColourChoice color, int games,
                               String gameId, String matchId) {
}
