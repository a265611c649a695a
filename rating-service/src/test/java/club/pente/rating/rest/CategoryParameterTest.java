package club.pente.rating.rest;

import club.pente.core.contract.RatingCategory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code category} query parameter: a known id in any case, pente-live when absent, anything else refused (null). */
class CategoryParameterTest {
    @Test
    void knownIdsInAnyCaseAndTheDefault() {
        assertThat(RatingResource.category(null)).isEqualTo(RatingCategory.DEFAULT);
        assertThat(RatingResource.category("")).isEqualTo(RatingCategory.DEFAULT);
        for (RatingCategory category : RatingCategory.all()) {
            assertThat(RatingResource.category(category.id())).isEqualTo(category);
            assertThat(RatingResource.category(category.id().toUpperCase(java.util.Locale.ROOT))).isEqualTo(category);
        }
    }

    @Test
    void anythingElseIsRefused() {
        for (String bad : new String[]{"chess", "keryo", " keryo-turn", "keryo-turn\u0000", "keryo_turn", "pente-live".repeat(4)}) {
            assertThat(RatingResource.category(bad)).as(bad).isNull();
        }
    }

    @Test
    void theOpenApiTextNamesEveryCategory() {
        assertThat(RatingResource.CATEGORIES_DOC).isEqualTo(RatingResource.KNOWN_CATEGORIES);
    }
}
