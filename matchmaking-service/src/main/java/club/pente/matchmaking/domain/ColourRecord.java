package club.pente.matchmaking.domain;

/** How often a player had each colour in games matchmaking created. */
public record ColourRecord(int whites, int blacks) {
    public static final ColourRecord NONE = new ColourRecord(0, 0);

    /** Whites minus blacks: positive when the player had white more often. */
    public int balance() {
        return whites - blacks;
    }
}
