package club.pente.core.contract;

/** Time left for each side, in milliseconds, as of the event that carries it. */
public record Clocks(long whiteMillis, long blackMillis) {
}
