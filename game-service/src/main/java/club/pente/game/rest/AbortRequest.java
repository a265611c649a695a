package club.pente.game.rest;

public record AbortRequest(String reason) {
}
