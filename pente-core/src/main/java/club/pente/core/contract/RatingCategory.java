package club.pente.core.contract;

import club.pente.core.rules.Variant;

/**
 * What a rating is for: one variant at one speed, as chess sites keep separate ratings per speed. Its {@link #id()}
 * ({@code pente-live}, {@code keryo-turn}, ...) is how services, URLs and the database name it; ratings from before
 * categories are {@code pente-live}.
 */
public record RatingCategory(Variant variant, TimeControl.Speed speed) {
    public static final RatingCategory DEFAULT = new RatingCategory(Variant.PENTE, TimeControl.Speed.LIVE);

    public RatingCategory {
        variant = Variant.orDefault(variant);
        speed = speed == null ? TimeControl.Speed.LIVE : speed;
    }

    public static RatingCategory of(Variant variant, TimeControl timeControl) {
        return new RatingCategory(variant, timeControl == null ? TimeControl.Speed.LIVE : timeControl.speed());
    }

    public String id() {
        return variant.id() + (speed == TimeControl.Speed.TURN_BASED ? "-turn" : "-live");
    }

    /** Every category, live before turn-based, in variant order. */
    public static java.util.List<RatingCategory> all() {
        java.util.List<RatingCategory> all = new java.util.ArrayList<>();
        for (Variant variant : Variant.values()) {
            all.add(new RatingCategory(variant, TimeControl.Speed.LIVE));
            all.add(new RatingCategory(variant, TimeControl.Speed.TURN_BASED));
        }
        return java.util.List.copyOf(all);
    }

    /** Reads an id like {@code keryo-turn}; null or blank is {@link #DEFAULT}. */
    public static RatingCategory parse(String id) {
        if (id == null || id.isBlank()) {
            return DEFAULT;
        }
        for (RatingCategory category : all()) {
            if (category.id().equals(id.strip())) {
                return category;
            }
        }
        throw new IllegalArgumentException("unknown rating category (like pente-live or keryo-turn)");
    }
}
