-- Tournaments (round robin and Swiss): everything the scheduler needs lives here, so any instance, after any
-- restart, carries on from the rows (docs/tournaments.md).
create table tournaments (
    id               varchar(64)  primary key,
    name             varchar(60)  not null,
    format           varchar(16)  not null,
    -- Null for a round robin created without a count: fixed at the start from the players.
    rounds           integer,
    variant          varchar(16)  not null,
    time_control     varchar(16)  not null,
    starts_at        timestamptz  not null,
    max_players      integer      not null,
    ranking          varchar(24)  not null,
    status           varchar(16)  not null,
    current_round    integer      not null default 0,
    created_by_id    varchar(128) not null,
    created_by_name  varchar(128) not null,
    created_at       timestamptz  not null,
    started_at       timestamptz,
    finished_at      timestamptz,
    cancel_reason    varchar(200)
);
create index tournaments_due on tournaments (starts_at) where status = 'OPEN';
create index tournaments_running on tournaments (id) where status = 'RUNNING';
create index tournaments_done on tournaments (finished_at) where status in ('FINISHED', 'CANCELLED');
create index tournaments_creator_open on tournaments (created_by_id) where status = 'OPEN';

-- Entrants; seed (join order) breaks ties in the standings and orders round 1.
create table tournament_players (
    tournament_id  varchar(64)  not null references tournaments (id),
    player_id      varchar(128) not null,
    player_name    varchar(128) not null,
    seed           bigint       generated always as identity,
    joined_at      timestamptz  not null,
    primary key (tournament_id, player_id)
);

-- One row per board of a round: a game (its result once GameEnded arrived), or a bye (black_id null, result BYE).
create table tournament_games (
    tournament_id      varchar(64)  not null references tournaments (id),
    round              integer      not null,
    board              integer      not null,
    game_id            varchar(64)  unique,
    create_command_id  varchar(64),
    white_id           varchar(128) not null,
    black_id           varchar(128),
    result             varchar(16),
    reason             varchar(32),
    white_points       integer,
    black_points       integer,
    created_at         timestamptz  not null,
    ended_at           timestamptz,
    primary key (tournament_id, round, board)
);
create index tournament_games_open on tournament_games (tournament_id, round) where result is null;
