package club.pente.matchmaking.domain;

import java.time.Instant;

/** A waiting seek as the pairing sees it: who, which pool (mode and time control), rating, since when. */
public record Seek(String id, String playerId, Mode mode, String timeControl, int rating, Instant since) {

    public boolean samePool(Seek other) {
        return mode == other.mode && timeControl.equals(other.timeControl);
    }
}
