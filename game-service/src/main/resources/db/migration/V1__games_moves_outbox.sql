-- One row per game: the authority's current state, updated with an optimistic version check.
create table games (
    id                 varchar(64)  primary key,
    partition_no       integer      not null,
    white_id           varchar(128) not null,
    white_name         varchar(128) not null,
    black_id           varchar(128) not null,
    black_name         varchar(128) not null,
    ranked             boolean      not null,
    initial_seconds    integer      not null,
    increment_seconds  integer      not null,
    status             varchar(16)  not null,
    end_reason         varchar(16),
    ply                integer      not null,
    version            bigint       not null,
    white_millis       bigint       not null,
    black_millis       bigint       not null,
    turn_started_at    timestamptz  not null,
    deadline_at        timestamptz,
    created_at         timestamptz  not null,
    ended_at           timestamptz
);
create index games_live on games (status, created_at) where status = 'ONGOING';
create index games_deadline on games (partition_no, deadline_at) where deadline_at is not null;

-- Append-only move log; a command id places at most one stone.
create table moves (
    id            bigint generated always as identity primary key,
    game_id       varchar(64)  not null references games (id),
    ply           integer      not null,
    color         varchar(5)   not null,
    player_id     varchar(128) not null,
    point         varchar(3)   not null,
    captured      varchar(200) not null,
    command_id    varchar(64)  not null unique,
    white_millis  bigint       not null,
    black_millis  bigint       not null,
    played_at     timestamptz  not null,
    unique (game_id, ply)
);

-- Every command id the authority has handled, whatever the outcome: a repeat is ignored.
create table processed_commands (
    command_id    varchar(64)  primary key,
    game_id       varchar(64)  not null,
    outcome       varchar(16)  not null,
    processed_at  timestamptz  not null
);

-- Events to publish, written in the same transaction as the state they describe.
create table outbox (
    seq           bigint generated always as identity primary key,
    event_id      varchar(64)  not null unique,
    game_id       varchar(64)  not null,
    version       bigint       not null,
    type          varchar(32)  not null,
    payload       text         not null,
    created_at    timestamptz  not null,
    published_at  timestamptz
);
create index outbox_unpublished on outbox (seq) where published_at is null;
