-- One row per rated player (an account that finished at least one rated game). Updated only under a row
-- lock (select ... for update, both players of a game locked in id order), so concurrent games of one
-- player are applied one after the other and none is lost.
create table players (
    player_id     varchar(128) primary key,
    name          varchar(128) not null,
    rating        integer      not null,
    games         integer      not null,
    wins          integer      not null,
    losses        integer      not null,
    draws         integer      not null,
    white_games   integer      not null,
    white_wins    integer      not null,
    white_losses  integer      not null,
    white_draws   integer      not null,
    black_games   integer      not null,
    black_wins    integer      not null,
    black_losses  integer      not null,
    black_draws   integer      not null,
    updated_at    timestamptz  not null
);
-- Leaderboard: established players by rating.
create index players_leaderboard on players (rating desc, games desc, player_id) where games >= 20;

-- Every finished game seen (all kinds except aborted), stored in the same transaction as its effects:
-- a second delivery of the same game finds its id here and changes nothing.
create table finished_games (
    game_id       varchar(64)  primary key,
    event_id      varchar(64)  not null,
    white_id      varchar(128) not null,
    black_id      varchar(128) not null,
    ranked        boolean      not null,
    rated         boolean      not null,
    result        varchar(16)  not null,
    reason        varchar(16)  not null,
    ended_at      timestamptz  not null,
    processed_at  timestamptz  not null
);

-- Rating history: one row per player per rated game. game_no is the player's n-th rated game, so a lost
-- update (two games read the same standing) would collide on (player_id, game_no).
create table rating_changes (
    seq              bigint generated always as identity primary key,
    player_id        varchar(128) not null references players (player_id),
    game_id          varchar(64)  not null references finished_games (game_id),
    game_no          integer      not null,
    colour           varchar(5)   not null,
    outcome          varchar(4)   not null,
    opponent_id      varchar(128) not null,
    opponent_rating  integer      not null,
    k                integer      not null,
    rating_before    integer      not null,
    rating_after     integer      not null,
    provisional      boolean      not null,
    occurred_at      timestamptz  not null,
    unique (game_id, player_id),
    unique (player_id, game_no)
);

-- RatingChanged events to publish, written in the same transaction as the change they describe.
create table outbox (
    seq           bigint generated always as identity primary key,
    event_id      varchar(64)  not null unique,
    player_id     varchar(128) not null,
    game_id       varchar(64)  not null,
    payload       text         not null,
    created_at    timestamptz  not null,
    published_at  timestamptz
);
create index outbox_unpublished on outbox (seq) where published_at is null;
