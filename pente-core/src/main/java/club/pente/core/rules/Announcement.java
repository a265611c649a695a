package club.pente.core.rules;

/** What players announce over the board after a move. */
public enum Announcement {
    /** An open three: one more stone makes an open four ({@code _XXXX_}). */
    TRIA,
    /** A four: one more stone makes five. */
    TESSERA
}
