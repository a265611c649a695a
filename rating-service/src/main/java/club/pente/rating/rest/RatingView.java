package club.pente.rating.rest;

/** The light answer matchmaking reads: the rating and whether it is still provisional. */
public record RatingView(int rating, boolean provisional) {
}
