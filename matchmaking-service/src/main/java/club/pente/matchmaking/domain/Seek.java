package club.pente.matchmaking.domain;

import club.pente.core.rules.Variant;

import java.time.Instant;

/** A waiting seek as the pairing sees it: who, which pool (mode, variant and time control), rating, since when. */
public record Seek(String id, String playerId, Mode mode, String timeControl, int rating, Instant since, Variant variant) {

    public Seek {
        variant = Variant.orDefault(variant);
    }

    /** A Pente seek (the form before variants). */
    public Seek(String id, String playerId, Mode mode, String timeControl, int rating, Instant since) {
        this(id, playerId, mode, timeControl, rating, since, Variant.PENTE);
    }

    public boolean samePool(Seek other) {
        return mode == other.mode && variant == other.variant && timeControl.equals(other.timeControl);
    }
}
