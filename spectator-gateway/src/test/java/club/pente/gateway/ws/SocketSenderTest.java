package club.pente.gateway.ws;

import club.pente.gateway.ws.protocol.SocketKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** A frame that could not be sent is counted per socket kind, never thrown and never lost silently. */
class SocketSenderTest {

    private static double failures(SimpleMeterRegistry metrics, String socket) {
        return metrics.get("pente.gateway.socket.send.failures").tag("socket", socket).counter().count();
    }

    @Test
    void aFailedSendIsCountedUnderItsSocketKind() {
        SimpleMeterRegistry metrics = new SimpleMeterRegistry();
        SocketSender sender = new SocketSender(metrics);

        sender.deliver(SocketKind.GAME, "c-1", Uni.createFrom().failure(new IOException("connection reset")));
        sender.deliver(SocketKind.GAME, "c-2", Uni.createFrom().failure(new IllegalStateException("closed")));
        sender.deliver(SocketKind.LOBBY, "c-3", Uni.createFrom().failure(new IOException("gone")));

        assertThat(failures(metrics, "game")).isEqualTo(2);
        assertThat(failures(metrics, "lobby")).isEqualTo(1);
        assertThat(sender.failures(SocketKind.GAME)).isEqualTo(2);
    }

    @Test
    void aSendThatWorksIsNoFailure() {
        SimpleMeterRegistry metrics = new SimpleMeterRegistry();
        SocketSender sender = new SocketSender(metrics);

        sender.deliver(SocketKind.GAME, "c-1", Uni.createFrom().voidItem());
        sender.deliver(SocketKind.LOBBY, "c-2", Uni.createFrom().voidItem());

        assertThat(failures(metrics, "game")).isZero();
        assertThat(failures(metrics, "lobby")).isZero();
    }
}
