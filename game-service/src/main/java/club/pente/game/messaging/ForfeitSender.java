package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.PlayerSanctions;
import club.pente.game.persistence.StaffQueries;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Forfeits a suspended player's live games when staff chose so: one consumer group for all instances
 * ({@code pente-game-forfeits}) on {@code pente.admin.sanctions}; for a record whose suspension is in force and
 * asks for it, one {@link ForfeitGame} per live game, its command id derived from the suspension and the game,
 * so a redelivered or replayed record is a duplicate the authority ignores.
 */
@ApplicationScoped
public class ForfeitSender {
    private static final Logger LOG = Logger.getLogger(ForfeitSender.class);
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

    private final StaffQueries queries;
    private final CommandSender sender;
    private final Clock clock;
    private final SanctionsSettings settings;

    public ForfeitSender(StaffQueries queries, CommandSender sender, Clock clock, SanctionsSettings settings) {
        this.queries = queries;
        this.sender = sender;
        this.clock = clock;
        this.settings = settings;
    }

    @Incoming("sanctions-forfeits")
    @Blocking
    public void onSanctions(Record<String, String> record) {
        if (record.value() == null) {
            return; // a tombstone lifts everything; nothing to forfeit
        }
        PlayerSanctions sanctions = SanctionsFeed.read(record.value());
        if (sanctions == null || !sanctions.playerId().equals(record.key())) {
            LOG.warnf("forfeits: skipping a record keyed %s that is not a PlayerSanctions of that player", record.key());
            return;
        }
        for (ForfeitGame forfeit : forfeits(sanctions, queries.liveGamesOf(sanctions.playerId(), settings.maxForfeits()))) {
            send(forfeit);
        }
    }

    /** A few attempts (Kafka's own retries come first); then it is logged for staff, who may suspend again to repeat it. */
    private void send(ForfeitGame forfeit) {
        for (int attempt = 1; ; attempt++) {
            try {
                sender.send(forfeit).await().atMost(SEND_TIMEOUT);
                return;
            } catch (RuntimeException e) {
                if (attempt >= 3) {
                    LOG.errorf(e, "forfeits: could not send %s for game %s", forfeit.commandId(), forfeit.gameId());
                    return;
                }
                LOG.warnf("forfeits: sending %s failed (attempt %d): %s", forfeit.commandId(), attempt, e.toString());
            }
        }
    }

    /** The commands for these live games of the player, none when the suspension is not in force or asks for none. */
    List<ForfeitGame> forfeits(PlayerSanctions sanctions, List<String> liveGames) {
        PlayerSanctions.Suspension suspension = sanctions.suspension();
        if (suspension == null || !suspension.forfeitLiveGames() || !suspension.activeAt(clock.instant())) {
            return List.of();
        }
        return liveGames.stream().map(gameId -> new ForfeitGame(Contracts.SCHEMA_VERSION, commandId(suspension.id(), gameId), gameId,
                sanctions.playerId(), suspension.id(), suspension.staff(), suspension.reason(), Contracts.now())).toList();
    }

    /** The same for every delivery of the same suspension: the authority's processed-commands dedupe does the rest. */
    public static String commandId(String suspensionId, String gameId) {
        return "forfeit-" + UUID.nameUUIDFromBytes((suspensionId + "/" + gameId).getBytes(StandardCharsets.UTF_8));
    }
}
