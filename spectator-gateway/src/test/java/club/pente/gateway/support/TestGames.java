package club.pente.gateway.support;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.UUID;

/** Games between alice and bob created on the test topics, as matchmaking would create them. */
public final class TestGames implements AutoCloseable {
    public final GameStreams streams;
    public final String aliceToken = DemoTokens.accessToken("alice", "alice");
    public final String bobToken = DemoTokens.accessToken("bob", "bob");
    public final PlayerRef alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
    public final PlayerRef bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");

    public TestGames() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    public String newGame() {
        String gameId = UUID.randomUUID().toString();
        streams.send(CreateGame.of(gameId, alice, bob, false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, e -> true);
        return gameId;
    }

    @Override
    public void close() throws InterruptedException {
        streams.close();
    }
}
