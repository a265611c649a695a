package club.pente.bench.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadOptionsTest {

    @Test
    void onlyLoopbackKafkaIsAccepted() {
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "kafka.example.com:9092"}))
                .isInstanceOf(LoadOptions.UsageException.class).hasMessageContaining("127.0.0.1");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092,10.0.0.5:9092"}))
                .isInstanceOf(LoadOptions.UsageException.class);
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1.evil.com:9092"}))
                .isInstanceOf(LoadOptions.UsageException.class);
        assertThat(LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:19092"}).bootstrap()).isEqualTo("127.0.0.1:19092");
    }

    @Test
    void theModeFollowsTheOptionsAndTheClosedLoopKeepsItsDefaults() {
        LoadOptions closed = LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092"});
        assertThat(closed.mode()).isEqualTo(LoadOptions.Mode.CLOSED);
        assertThat(closed.games()).isEqualTo(50);
        assertThat(closed.plies()).isEqualTo(30);
        assertThat(closed.lingerMs()).isZero();
        assertThat(LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--rate", "1000", "--duration", "30"}).mode())
                .isEqualTo(LoadOptions.Mode.OPEN);
        LoadOptions ramp = LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--ramp", "500,500,2000,10"});
        assertThat(ramp.mode()).isEqualTo(LoadOptions.Mode.RAMP);
        assertThat(ramp.ramp().rates()).containsExactly(500.0, 1000.0, 1500.0, 2000.0);
        assertThat(ramp.lingerMs()).isEqualTo(1);
        assertThat(ramp.warmupSeconds()).isEqualTo(10);
        assertThat(closed.warmupSeconds()).isZero();
        assertThat(LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--rate", "10", "--warmup", "0"}).warmupSeconds()).isZero();
    }

    @Test
    void runsAreBoundedInCountAndTime() {
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--rate", "50000", "--duration", "900"}))
                .isInstanceOf(LoadOptions.UsageException.class).hasMessageContaining("moves per run");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--duration", "100000", "--rate", "1"}))
                .isInstanceOf(LoadOptions.UsageException.class);
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--games", "0"}))
                .isInstanceOf(LoadOptions.UsageException.class);
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--ramp", "1,1,100000,10"}))
                .isInstanceOf(LoadOptions.UsageException.class);
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--bootstrap", "127.0.0.1:9092", "--pids", "game=abc"}))
                .isInstanceOf(LoadOptions.UsageException.class);
    }
}
