package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class StackChoiceTest {

    private static final BooleanSupplier ENGINE = () -> true;
    private static final BooleanSupplier NO_ENGINE = () -> false;

    @Test
    void nothingSetMeansAuto() {
        assertThat(StackChoice.configured(new Properties(), Map.of())).isEqualTo(StackChoice.AUTO);
        assertThat(StackChoice.configured(properties(" "), Map.of(StackChoice.ENV, ""))).isEqualTo(StackChoice.AUTO);
    }

    @Test
    void autoTakesContainersOnlyWhenAnEngineAnswers() {
        assertThat(StackChoice.AUTO.resolve(ENGINE)).isEqualTo(StackChoice.CONTAINERS);
        assertThat(StackChoice.AUTO.resolve(NO_ENGINE)).isEqualTo(StackChoice.LOCAL);
    }

    @Test
    void aForcedPathIsTakenWithoutAskingTheEngine() {
        AtomicInteger asked = new AtomicInteger();
        BooleanSupplier counting = () -> {
            asked.incrementAndGet();
            return true;
        };

        assertThat(StackChoice.LOCAL.resolve(counting)).isEqualTo(StackChoice.LOCAL);
        assertThat(StackChoice.CONTAINERS.resolve(() -> {
            asked.incrementAndGet();
            return false;
        })).isEqualTo(StackChoice.CONTAINERS);
        assertThat(asked).hasValue(0);
    }

    @Test
    void theValuesAreReadFromThePropertyOrTheVariable() {
        assertThat(StackChoice.configured(properties("local"), Map.of())).isEqualTo(StackChoice.LOCAL);
        assertThat(StackChoice.configured(properties(" Containers "), Map.of())).isEqualTo(StackChoice.CONTAINERS);
        assertThat(StackChoice.configured(new Properties(), Map.of(StackChoice.ENV, "containers"))).isEqualTo(StackChoice.CONTAINERS);
        assertThat(StackChoice.configured(new Properties(), Map.of(StackChoice.ENV, "auto"))).isEqualTo(StackChoice.AUTO);
    }

    @Test
    void thePropertyWinsOverTheVariable() {
        assertThat(StackChoice.configured(properties("local"), Map.of(StackChoice.ENV, "containers"))).isEqualTo(StackChoice.LOCAL);
    }

    @Test
    void aBadValueIsRefusedNamingWhereItCameFromAndWhatIsAllowed() {
        assertThatThrownBy(() -> StackChoice.configured(properties("docker"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pente.test.stack must be auto, local or containers, was 'docker'");
        assertThatThrownBy(() -> StackChoice.configured(new Properties(), Map.of(StackChoice.ENV, "container")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("PENTE_TEST_STACK must be auto, local or containers, was 'container'");
        // A bad variable is refused even when the engine would decide: no silent fallback to auto.
        assertThatThrownBy(() -> StackChoice.configured(new Properties(), Map.of(StackChoice.ENV, "local,containers")))
                .hasMessageContaining("was 'local,containers'");
    }

    private static Properties properties(String choice) {
        Properties p = new Properties();
        p.setProperty(StackChoice.PROPERTY, choice);
        return p;
    }
}
