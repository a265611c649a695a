package club.pente.core.contract;

/** A count for each side, e.g. captured pairs or tournament points. */
public record PerSide(int white, int black) {
    public static final PerSide ZERO = new PerSide(0, 0);
}
