package club.pente.ai.messaging;

import club.pente.ai.application.ComputerLevel;
import club.pente.ai.application.ComputerPlayer;
import club.pente.ai.gameclient.GameServiceClient;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MovesTakenBack;
import club.pente.core.contract.OfferMade;
import club.pente.messaging.TypeHeader;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.header.Headers;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches {@code pente.game.events} for games with a computer player and tells the computer when such
 * a game may be waiting for it. When the group gives this instance partitions, and then every little while, it
 * also asks the game service for live games: a game left waiting while this service was down, or whose events it
 * never saw (a consumer that joins after them starts at the end), is picked up again instead of staying stuck. With
 * several instances each one plays only the games of the partitions it reads ({@link GameEventsRebalance}), so the
 * sweeps of two instances never think about one position twice.
 * <p>
 * Nearly every event is a move between two people: records come in batches (one call per poll) and such
 * a move is passed over unread when its type header and its key (the game id) show it cannot concern the
 * computer: a game not known to be a computer game, and no {@code ai:} player id anywhere in the record
 * (a computer's move in a game it lost track of makes the game known again, as before). A record
 * without the header is read in full, as before.
 */
@ApplicationScoped
public class GameEventsListener {
    private static final Logger LOG = Logger.getLogger(GameEventsListener.class);
    /** The computer also reads offers (it answers them) and takebacks (its position changed); chat and declines pass by. */
    private static final TypeHeader TYPES = new TypeHeader(EventHeaders.TYPE,
            List.of("GameStarted", "MovePlayed", "GameEnded", "OfferMade", "MovesTakenBack"));
    private static final int MOVE_PLAYED = 1;
    private static final int GAME_ENDED = 2;
    /** Every computer player id starts so ({@link ComputerLevel}); JSON writes it as is. */
    private static final String COMPUTER_ID_PREFIX = "ai:";

    private final ComputerPlayer computer;
    private final GameServiceClient games;
    private final Set<String> computerGames = ConcurrentHashMap.newKeySet();
    private final PartitionOwnership ownership;

    @Inject
    public GameEventsListener(ComputerPlayer computer, @RestClient GameServiceClient games,
                              @Identifier(GameEventsRebalance.NAME) GameEventsRebalance rebalance) {
        this(computer, games, rebalance.ownership());
        rebalance.whenAssigned(this::sweep);
    }

    /** One instance alone: it plays for every game. */
    GameEventsListener(ComputerPlayer computer, GameServiceClient games) {
        this(computer, games, PartitionOwnership.everything());
    }

    GameEventsListener(ComputerPlayer computer, GameServiceClient games, PartitionOwnership ownership) {
        this.computer = computer;
        this.games = games;
        this.ownership = ownership;
    }

    /** Nothing here blocks (the game is read asynchronously, thinking runs on its own pool): no hop to a worker per batch. */
    @Incoming("game-events")
    @NonBlocking
    public void onEvents(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            onRecord(record.key(), record.headers(), record.value());
        }
    }

    /** Handles one record; returns whether its value was read. */
    boolean onRecord(String key, Headers headers, String payload) {
        int type = TYPES.match(headers);
        if (type == TypeHeader.OTHER) {
            return false;
        }
        if (key != null && !computerGames.contains(key)
                && (type == GAME_ENDED || type == MOVE_PLAYED && (payload == null || !payload.contains(COMPUTER_ID_PREFIX)))) {
            return false;
        }
        onEvent(payload);
        return true;
    }

    void onEvent(String payload) {
        GameEvent event;
        try {
            event = Contracts.json().readValue(payload, GameEvent.class);
        } catch (Exception e) {
            LOG.debugf("ignoring an unreadable event: %s", e.getMessage());
            return;
        }
        if (event instanceof GameStarted started) {
            if (ComputerLevel.isComputer(started.white()) || ComputerLevel.isComputer(started.black())) {
                computerGames.add(started.gameId());
                computer.consider(started.gameId());
            }
        } else if (event instanceof MovePlayed played) {
            if (computerGames.contains(played.gameId()) || ComputerLevel.of(played.playerId()).isPresent()) {
                computerGames.add(played.gameId());
                computer.consider(played.gameId());
            }
        } else if (event instanceof OfferMade offer) {
            if (computerGames.contains(offer.gameId())) {
                computer.consider(offer.gameId());
            }
        } else if (event instanceof MovesTakenBack takenBack) {
            if (computerGames.contains(takenBack.gameId())) {
                computer.takenBack(takenBack.gameId());
            }
        } else if (event instanceof GameEnded ended) {
            computerGames.remove(ended.gameId());
            computer.forget(ended.gameId());
        }
    }

    /**
     * Looks for live computer games on the partitions this instance reads (each ai instance its own, so no position is
     * played twice), when the group gives it partitions and then every {@code pente.ai.sweep-every}.
     */
    @Scheduled(every = "${pente.ai.sweep-every:15s}", delayed = "${pente.ai.sweep-every:15s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sweep() {
        games.games("live", 500, true) // idle ones too: the computer may be the one everybody waits for
                .onFailure().retry().withBackOff(Duration.ofSeconds(1), Duration.ofSeconds(10)).atMost(30)
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("could not list live games to resume computer games: %s", failure.toString());
                    return java.util.List.of();
                })
                .subscribe().with(live -> live.stream()
                        .filter(game -> ComputerLevel.isComputer(game.white()) || ComputerLevel.isComputer(game.black()))
                        .filter(game -> ownership.owns(game.id()))
                        .forEach(game -> {
                            computerGames.add(game.id());
                            computer.consider(game.id());
                        }));
    }

}
