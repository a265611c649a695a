package club.pente.core.contract;

/** What a player may offer the opponent at the table: a draw, or taking back their last move. */
public enum OfferKind {
    DRAW, TAKEBACK
}
