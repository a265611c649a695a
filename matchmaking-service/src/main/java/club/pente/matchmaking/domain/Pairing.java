package club.pente.matchmaking.domain;

/** Two seeks that become one game, colours decided. */
public record Pairing(Seek white, Seek black) {
}
