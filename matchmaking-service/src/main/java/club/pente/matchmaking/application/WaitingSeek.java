package club.pente.matchmaking.application;

import club.pente.matchmaking.domain.Seek;

/** A waiting seek with the name its player goes by. */
public record WaitingSeek(Seek seek, String playerName) {
}
