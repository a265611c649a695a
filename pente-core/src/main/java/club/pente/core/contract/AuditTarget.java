package club.pente.core.contract;

/** What kind of thing an audit entry's {@code targetId} names. */
public enum AuditTarget {
    GAME, PLAYER, CHAT_MESSAGE
}
