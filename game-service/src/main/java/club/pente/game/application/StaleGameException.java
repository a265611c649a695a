package club.pente.game.application;

import java.util.Collection;

/** A game's stored version moved on since the batch read it: another writer (a former owner) got there first. */
public class StaleGameException extends RuntimeException {
    public StaleGameException(Collection<String> gameIds) {
        super("games changed by another writer: " + gameIds);
    }
}
