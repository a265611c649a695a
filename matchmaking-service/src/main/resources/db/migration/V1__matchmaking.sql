-- Seeks: one waiting seek per player (the index also makes "paired with oneself" impossible).
create table seeks (
    id            varchar(64)  primary key,
    player_id     varchar(128) not null,
    player_name   varchar(128) not null,
    mode          varchar(8)   not null,
    time_control  varchar(16)  not null,
    rating        integer      not null,
    status        varchar(16)  not null,
    game_id       varchar(64),
    color         varchar(5),
    created_at    timestamptz  not null,
    last_seen_at  timestamptz  not null,
    ended_at      timestamptz
);
create unique index seeks_one_waiting_per_player on seeks (player_id) where status = 'WAITING';
create index seeks_waiting on seeks (created_at) where status = 'WAITING';
create index seeks_game on seeks (game_id);

-- Every game matchmaking created (it never writes game state: this is its own record of what it asked for).
create table games (
    id            varchar(64)  primary key,
    origin        varchar(16)  not null,
    white_id      varchar(128) not null,
    white_name    varchar(128) not null,
    black_id      varchar(128) not null,
    black_name    varchar(128) not null,
    ranked        boolean      not null,
    time_control  varchar(16)  not null,
    match_id      varchar(64),
    game_number   integer,
    created_at    timestamptz  not null,
    ended_at      timestamptz,
    result        varchar(16),
    points_white  integer,
    points_black  integer
);
create index games_match on games (match_id, game_number);

create table colour_history (
    player_id  varchar(128) primary key,
    whites     integer      not null,
    blacks     integer      not null
);

create table invitations (
    code           varchar(16)  primary key,
    inviter_id     varchar(128) not null,
    inviter_name   varchar(128) not null,
    mode           varchar(8)   not null,
    time_control   varchar(16)  not null,
    color          varchar(6)   not null,
    games          integer      not null,
    status         varchar(10)  not null,
    created_at     timestamptz  not null,
    expires_at     timestamptz  not null,
    accepted_by    varchar(128),
    accepted_name  varchar(128),
    accepted_at    timestamptz,
    game_id        varchar(64),
    match_id       varchar(64)
);

create table matches (
    id               varchar(64)  primary key,
    invitation_code  varchar(16),
    a_id             varchar(128) not null,
    a_name           varchar(128) not null,
    b_id             varchar(128) not null,
    b_name           varchar(128) not null,
    a_first_color    varchar(5)   not null,
    ranked           boolean      not null,
    time_control     varchar(16)  not null,
    games_total      integer      not null,
    games_played     integer      not null,
    points_a         integer      not null,
    points_b         integer      not null,
    status           varchar(10)  not null,
    current_game_id  varchar(64),
    created_at       timestamptz  not null,
    finished_at      timestamptz
);

-- A rematch offer for a finished game; the new game once the opponent agreed.
create table rematches (
    previous_game_id  varchar(64)  primary key,
    requested_by      varchar(128) not null,
    new_game_id       varchar(64),
    created_at        timestamptz  not null
);

-- Game events already handled (idempotent consumer, same transaction as the effect).
create table processed_events (
    event_id      varchar(64) primary key,
    processed_at  timestamptz not null
);

-- The latest lobby count of each gateway, and the last lobby counts published.
create table presence (
    gateway_id   varchar(128) primary key,
    online       integer      not null,
    occurred_at  timestamptz  not null
);
create table lobby_published (
    id            integer primary key check (id = 1),
    online        integer     not null,
    searching     integer     not null,
    published_at  timestamptz not null
);

-- Commands and notifications to publish, written in the transaction that decided them.
create table outbox (
    seq           bigint generated always as identity primary key,
    channel       varchar(16)  not null,
    record_key    varchar(128) not null,
    type          varchar(32)  not null,
    payload       text         not null,
    created_at    timestamptz  not null,
    published_at  timestamptz
);
create index outbox_unpublished on outbox (seq) where published_at is null;
