package club.pente.matchmaking.application;

import club.pente.core.contract.GameCommand;
import club.pente.core.contract.MatchmakingEvent;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.ColourRecord;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.MatchStatus;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import club.pente.matchmaking.domain.TimeControlPresets;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The repositories in memory, for the application services without a database: one transaction at a time,
 * and a transaction that throws leaves everything as it found it (as a rollback would). It keeps what
 * the SQL keeps, no more: a test that passes here says what the services decide, the flow tests say the
 * JDBC repositories store it.
 */
public class InMemoryTransactions implements Transactions {
    /** A row of {@code seeks}. */
    public record SeekRow(Seek seek, String playerName, SeekStatus status, String gameId, Color color, Instant lastSeenAt) {
    }

    /** A row of {@code games}. */
    public record GameRow(StoredGame game, Instant endedAt, String result, PerSide points, String createCommandId, boolean started,
                          String failureReason, String failureMessage) {
        GameRow ended(Instant at, String result, PerSide points) {
            return new GameRow(game, at, result, points, createCommandId, started, failureReason, failureMessage);
        }
    }

    /** A row of {@code invitations} (the stored invitation carries status, acceptor, game and match). */
    public record InvitationRow(StoredInvitation invitation) {
    }

    private State state = new State();

    /** Everything stored; copied at the start of each transaction so that a failed one can be undone. */
    public static final class State {
        public final Map<String, SeekRow> seeks = new LinkedHashMap<>();
        public final Map<String, GameRow> games = new LinkedHashMap<>();
        public final Map<String, ColourRecord> colours = new HashMap<>();
        public final Set<String> processedEvents = new HashSet<>();
        public final Map<String, RematchRepository.Offer> rematches = new HashMap<>();
        public final Map<String, StoredInvitation> invitations = new LinkedHashMap<>();
        public final Map<String, StoredMatch> matches = new LinkedHashMap<>();
        public final Map<String, Integer> presence = new HashMap<>();
        public LobbyRepository.Counts published;
        public final List<GameCommand> commands = new ArrayList<>();
        public final List<MatchmakingEvent> notifications = new ArrayList<>();
        /** Suspensions by player (no lock needed: one transaction at a time). */
        public final Map<String, Sanction> suspensions = new HashMap<>();

        State copy() {
            State copy = new State();
            copy.seeks.putAll(seeks);
            copy.games.putAll(games);
            copy.colours.putAll(colours);
            copy.processedEvents.addAll(processedEvents);
            copy.rematches.putAll(rematches);
            copy.invitations.putAll(invitations);
            copy.matches.putAll(matches);
            copy.presence.putAll(presence);
            copy.published = published;
            copy.commands.addAll(commands);
            copy.notifications.addAll(notifications);
            copy.suspensions.putAll(suspensions);
            return copy;
        }
    }

    /** What is stored now (after the last commit). */
    public State state() {
        return state;
    }

    /** The notifications of one type, in the order they were written. */
    public <T extends MatchmakingEvent> List<T> notifications(Class<T> type) {
        return state.notifications.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Override
    public synchronized <T> T run(Work<T> work) {
        State working = state.copy();
        T result = work.apply(new MemoryTransaction(working));
        state = working;
        return result;
    }

    private record MemoryTransaction(State s) implements Transaction {
        @Override
        public SeekRepository seeks() {
            return new SeekRepository() {
                @Override
                public void insert(Seek seek, String playerName) {
                    boolean live = !TimeControlPresets.turnBased(seek.timeControl());
                    if ((live && waitingOf(seek.playerId()) != null) || s.seeks.containsKey(seek.id())) {
                        throw new DuplicateKeyException("seeks_one_live_waiting_per_player", null);
                    }
                    s.seeks.put(seek.id(), new SeekRow(seek, playerName, SeekStatus.WAITING, null, null, seek.since()));
                }

                @Override
                public String waitingOf(String playerId) {
                    return s.seeks.values().stream().filter(r -> r.status() == SeekStatus.WAITING && r.seek().playerId().equals(playerId)
                                    && !TimeControlPresets.turnBased(r.seek().timeControl()))
                            .map(r -> r.seek().id()).findFirst().orElse(null);
                }

                @Override
                public long turnBasedWaitingOf(String playerId) {
                    return s.seeks.values().stream().filter(r -> r.status() == SeekStatus.WAITING && r.seek().playerId().equals(playerId)
                            && TimeControlPresets.turnBased(r.seek().timeControl())).count();
                }

                @Override
                public List<WaitingSeek> lockWaiting(int limit) {
                    return s.seeks.values().stream().filter(r -> r.status() == SeekStatus.WAITING)
                            .sorted(Comparator.comparing(r -> r.seek().since())).limit(limit)
                            .map(r -> new WaitingSeek(r.seek(), r.playerName())).toList();
                }

                @Override
                public boolean markMatched(String seekId, String gameId, Color color, Instant now) {
                    SeekRow row = s.seeks.get(seekId);
                    if (row == null || row.status() != SeekStatus.WAITING) {
                        return false;
                    }
                    s.seeks.put(seekId, new SeekRow(row.seek(), row.playerName(), SeekStatus.MATCHED, gameId, color, row.lastSeenAt()));
                    return true;
                }

                @Override
                public int expire(Instant cutoff, Instant turnBasedCutoff, Instant now) {
                    int expired = 0;
                    for (SeekRow row : List.copyOf(s.seeks.values())) {
                        Instant before = TimeControlPresets.turnBased(row.seek().timeControl()) ? turnBasedCutoff : cutoff;
                        if (row.status() == SeekStatus.WAITING && row.lastSeenAt().isBefore(before)) {
                            s.seeks.put(row.seek().id(), new SeekRow(row.seek(), row.playerName(), SeekStatus.EXPIRED, null, null,
                                    row.lastSeenAt()));
                            expired++;
                        }
                    }
                    return expired;
                }

                @Override
                public void touch(String seekId, String playerId, Instant now) {
                    SeekRow row = waitingOwned(seekId, playerId);
                    if (row != null) {
                        s.seeks.put(seekId, new SeekRow(row.seek(), row.playerName(), row.status(), null, null, now));
                    }
                }

                @Override
                public int cancel(String seekId, String playerId, Instant now) {
                    SeekRow row = waitingOwned(seekId, playerId);
                    if (row != null) {
                        s.seeks.put(seekId, new SeekRow(row.seek(), row.playerName(), SeekStatus.CANCELLED, null, null, row.lastSeenAt()));
                        return 1;
                    }
                    return 0;
                }

                @Override
                public List<WaitingSeek> waiting(int limit) {
                    return lockWaiting(limit);
                }

                @Override
                public WaitingSeek lockIfWaiting(String seekId) {
                    SeekRow row = s.seeks.get(seekId);
                    return row == null || row.status() != SeekStatus.WAITING ? null : new WaitingSeek(row.seek(), row.playerName());
                }

                private SeekRow waitingOwned(String seekId, String playerId) {
                    SeekRow row = s.seeks.get(seekId);
                    return row != null && row.status() == SeekStatus.WAITING && row.seek().playerId().equals(playerId) ? row : null;
                }

                @Override
                public StoredSeek find(String seekId) {
                    SeekRow row = s.seeks.get(seekId);
                    return row == null ? null : new StoredSeek(seekId, row.seek().playerId(), row.seek().mode(), row.seek().timeControl(),
                            row.seek().rating(), row.status(), row.gameId(), row.color(), row.seek().since(), row.seek().variant());
                }
            };
        }

        @Override
        public GameRepository games() {
            return new GameRepository() {
                @Override
                public void insert(StoredGame game, String createCommandId, Instant now) {
                    if (s.games.putIfAbsent(game.id(), new GameRow(game, null, null, null, createCommandId, false, null, null)) != null) {
                        throw new DuplicateKeyException("games_pkey", null);
                    }
                }

                @Override
                public boolean markStarted(String gameId, Instant at) {
                    GameRow r = s.games.get(gameId);
                    if (r == null || r.started()) {
                        return false;
                    }
                    s.games.put(gameId, new GameRow(r.game(), r.endedAt(), r.result(), r.points(), r.createCommandId(), true,
                            r.failureReason(), r.failureMessage()));
                    return true;
                }

                @Override
                public boolean markRefused(String gameId, String commandId, String reason, String message, Instant at) {
                    GameRow r = s.games.get(gameId);
                    if (r == null || !commandId.equals(r.createCommandId()) || r.started() || r.endedAt() != null
                            || r.failureReason() != null) {
                        return false;
                    }
                    s.games.put(gameId, new GameRow(r.game(), r.endedAt(), r.result(), r.points(), r.createCommandId(), false, reason,
                            message));
                    return true;
                }

                @Override
                public StoredGame lock(String gameId) {
                    return find(gameId);
                }

                @Override
                public StoredGame find(String gameId) {
                    GameRow row = gameId == null ? null : s.games.get(gameId);
                    if (row == null) {
                        return null;
                    }
                    StoredGame g = row.game();
                    return new StoredGame(g.id(), g.origin(), g.white(), g.black(), g.ranked(), g.timeControl(), g.matchId(),
                            g.gameNumber(), row.endedAt() != null, row.started(), row.failureReason(), row.failureMessage(), g.variant());
                }

                @Override
                public void markEnded(String gameId, String result, PerSide points, Instant at) {
                    GameRow row = s.games.get(gameId);
                    if (row != null) {
                        s.games.put(gameId, row.ended(at, result, points));
                    }
                }

                @Override
                public List<MatchGame> ofMatch(String matchId) {
                    return s.games.values().stream().filter(r -> matchId.equals(r.game().matchId()))
                            .sorted(Comparator.comparing(r -> r.game().gameNumber()))
                            .map(r -> new MatchGame(r.game().gameNumber(), r.game().id(), r.game().white(), r.game().black(), r.result(),
                                    r.points() == null ? null : r.points().white(), r.points() == null ? null : r.points().black()))
                            .toList();
                }

                @Override
                public long liveComputerGamesOf(String playerId) {
                    return s.games.values().stream().filter(r -> r.game().origin() == GameOrigin.COMPUTER && r.endedAt() == null
                            && r.game().plays(playerId) && !TimeControlPresets.turnBased(r.game().timeControl())).count();
                }

                @Override
                public long turnBasedComputerGamesOf(String playerId) {
                    return s.games.values().stream().filter(r -> r.game().origin() == GameOrigin.COMPUTER && r.endedAt() == null
                            && r.game().plays(playerId) && TimeControlPresets.turnBased(r.game().timeControl())).count();
                }

                @Override
                public Map<String, ColourRecord> colours(Collection<String> playerIds) {
                    Map<String, ColourRecord> colours = new HashMap<>();
                    playerIds.stream().filter(s.colours::containsKey).forEach(id -> colours.put(id, s.colours.get(id)));
                    return colours;
                }

                @Override
                public void countColours(String whiteId, String blackId) {
                    s.colours.merge(whiteId, new ColourRecord(1, 0), (a, b) -> new ColourRecord(a.whites() + 1, a.blacks()));
                    s.colours.merge(blackId, new ColourRecord(0, 1), (a, b) -> new ColourRecord(a.whites(), a.blacks() + 1));
                }

                @Override
                public boolean markProcessed(String eventId, Instant now) {
                    return s.processedEvents.add(eventId);
                }
            };
        }

        @Override
        public RematchRepository rematches() {
            return new RematchRepository() {
                @Override
                public Offer lock(String previousGameId) {
                    return s.rematches.get(previousGameId);
                }

                @Override
                public void insert(String previousGameId, String requestedBy, String newGameId, Instant now) {
                    if (s.rematches.putIfAbsent(previousGameId, new Offer(previousGameId, requestedBy, newGameId)) != null) {
                        throw new DuplicateKeyException("rematches_pkey", null);
                    }
                }

                @Override
                public void setNewGame(String previousGameId, String newGameId) {
                    Offer offer = s.rematches.get(previousGameId);
                    s.rematches.put(previousGameId, new Offer(previousGameId, offer.requestedBy(), newGameId));
                }
            };
        }

        @Override
        public InvitationRepository invitations() {
            return new InvitationRepository() {
                @Override
                public void insert(StoredInvitation invitation, Instant now) {
                    if (s.invitations.putIfAbsent(invitation.invitation().code(), invitation) != null) {
                        throw new DuplicateKeyException("invitations_pkey", null);
                    }
                }

                @Override
                public StoredInvitation lock(String code) {
                    return s.invitations.get(code);
                }

                @Override
                public StoredInvitation find(String code) {
                    return s.invitations.get(code);
                }

                @Override
                public void accept(String code, PlayerRef by, String gameId, String matchId, Instant now) {
                    StoredInvitation row = s.invitations.get(code);
                    Invitation i = row.invitation();
                    s.invitations.put(code, new StoredInvitation(new Invitation(i.code(), i.inviterId(), i.mode(), Invitation.Status.ACCEPTED,
                            i.expiresAt(), by.id(), i.invitee()), row.inviter(), row.timeControl(), row.color(), row.games(), gameId, matchId,
                            row.variant()));
                }

                private int setStatus(String code, Invitation.Status from, Invitation.Status to) {
                    StoredInvitation row = s.invitations.get(code);
                    Invitation i = row.invitation();
                    if (i.status() != from) {
                        return 0;
                    }
                    s.invitations.put(code, new StoredInvitation(new Invitation(i.code(), i.inviterId(), i.mode(), to, i.expiresAt(),
                            i.acceptedBy(), i.invitee()), row.inviter(), row.timeControl(), row.color(), row.games(), row.gameId(),
                            row.matchId(), row.variant()));
                    return 1;
                }

                @Override
                public int decline(String code) {
                    return setStatus(code, Invitation.Status.OPEN, Invitation.Status.DECLINED);
                }

                @Override
                public String failByGame(String gameId) {
                    for (StoredInvitation row : List.copyOf(s.invitations.values())) {
                        if (gameId.equals(row.gameId()) && setStatus(row.invitation().code(), Invitation.Status.ACCEPTED,
                                Invitation.Status.FAILED) == 1) {
                            return row.invitation().code();
                        }
                    }
                    return null;
                }

                private List<StoredInvitation> pending(Instant now, int limit, java.util.function.Predicate<Invitation> which) {
                    List<StoredInvitation> rows = new ArrayList<>(s.invitations.values().stream()
                            .filter(r -> r.invitation().status() == Invitation.Status.OPEN && r.invitation().expiresAt().isAfter(now)
                                    && which.test(r.invitation())).toList());
                    java.util.Collections.reverse(rows);
                    return rows.stream().limit(limit).toList();
                }

                @Override
                public List<StoredInvitation> pendingFrom(String inviterId, Instant now, int limit) {
                    return pending(now, limit, i -> i.inviterId().equals(inviterId));
                }

                @Override
                public List<StoredInvitation> pendingFor(String username, Instant now, int limit) {
                    return pending(now, limit, i -> username.equalsIgnoreCase(i.invitee()));
                }

                @Override
                public String accountIdNamed(String username) {
                    return s.games.values().stream().flatMap(r -> java.util.stream.Stream.of(r.game().white(), r.game().black()))
                            .filter(p -> p.kind() == PlayerRef.Kind.ACCOUNT && p.name().equalsIgnoreCase(username))
                            .map(PlayerRef::id).reduce((first, later) -> later).orElse(null);
                }

                @Override
                public int cancel(String code) {
                    StoredInvitation row = s.invitations.get(code);
                    Invitation i = row.invitation();
                    if (i.status() != Invitation.Status.OPEN) {
                        return 0;
                    }
                    return setStatus(code, Invitation.Status.OPEN, Invitation.Status.CANCELLED);
                }

                @Override
                public long openOf(String inviterId, Instant now) {
                    return s.invitations.values().stream().map(StoredInvitation::invitation).filter(i -> i.inviterId().equals(inviterId)
                            && i.status() == Invitation.Status.OPEN && i.expiresAt().isAfter(now)).count();
                }
            };
        }

        @Override
        public MatchRepository matches() {
            return new MatchRepository() {
                @Override
                public void insert(StoredMatch match, String invitationCode, Instant now) {
                    s.matches.put(match.id(), new StoredMatch(match.id(), match.a(), match.b(), match.aFirstColor(), match.ranked(),
                            match.timeControl(), match.gamesTotal(), 0, 0, 0, MatchStatus.ONGOING, match.currentGameId(), match.variant()));
                }

                @Override
                public StoredMatch lock(String matchId) {
                    return s.matches.get(matchId);
                }

                @Override
                public StoredMatch find(String matchId) {
                    return s.matches.get(matchId);
                }

                @Override
                public void fail(String matchId, Instant now) {
                    StoredMatch m = s.matches.get(matchId);
                    if (m != null && m.status() == MatchStatus.ONGOING) {
                        s.matches.put(matchId, new StoredMatch(m.id(), m.a(), m.b(), m.aFirstColor(), m.ranked(), m.timeControl(),
                                m.gamesTotal(), m.gamesPlayed(), m.pointsA(), m.pointsB(), MatchStatus.FAILED, null, m.variant()));
                    }
                }

                @Override
                public void progress(String matchId, int gamesPlayed, int pointsA, int pointsB, String nextGameId, boolean finished,
                                     Instant now) {
                    StoredMatch m = s.matches.get(matchId);
                    s.matches.put(matchId, new StoredMatch(m.id(), m.a(), m.b(), m.aFirstColor(), m.ranked(), m.timeControl(),
                            m.gamesTotal(), gamesPlayed, pointsA, pointsB, finished ? MatchStatus.FINISHED : MatchStatus.ONGOING, nextGameId,
                            m.variant()));
                }
            };
        }

        @Override
        public LobbyRepository lobby() {
            return new LobbyRepository() {
                @Override
                public void presence(String gatewayId, int online, Instant occurredAt) {
                    s.presence.put(gatewayId, Math.max(0, online));
                }

                @Override
                public Counts counts() {
                    int online = s.presence.values().stream().mapToInt(Integer::intValue).sum();
                    int searching = (int) s.seeks.values().stream().filter(r -> r.status() == SeekStatus.WAITING)
                            .map(r -> r.seek().playerId()).distinct().count();
                    return new Counts(online, searching);
                }

                @Override
                public boolean tryLock() {
                    return true;
                }

                @Override
                public Counts lastPublished() {
                    return s.published;
                }

                @Override
                public void published(Counts counts, Instant now) {
                    s.published = counts;
                }
            };
        }

        @Override
        public void lockQuotas(String playerId) {
            // run() is synchronized: one transaction at a time, nothing to wait for.
        }

        @Override
        public Sanction suspensionInForce(String playerId, Instant now) {
            Sanction suspension = s.suspensions.get(playerId);
            return suspension != null && suspension.inForceAt(now) ? suspension : null;
        }

        @Override
        public OutboxWriter outbox() {
            return new OutboxWriter() {
                @Override
                public void command(GameCommand command, Instant now) {
                    s.commands.add(command);
                }

                @Override
                public void notify(MatchmakingEvent event, Instant now) {
                    s.notifications.add(event);
                }
            };
        }
    }
}
