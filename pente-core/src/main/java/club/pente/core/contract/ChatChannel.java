package club.pente.core.contract;

/** A game's two chats: the players talk in one, spectators in the other; neither side reads the other's. */
public enum ChatChannel {
    PLAYERS, SPECTATORS
}
