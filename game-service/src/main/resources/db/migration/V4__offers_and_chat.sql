-- The table features of issue 14. A game's pending offer (a draw or a takeback, at most one) lives on its row.
alter table games add column offer_kind varchar(8), add column offer_color varchar(5);

-- Each game's two chats (PLAYERS, SPECTATORS). message_id is the ChatPosted event id; version its event version.
-- A removed message stays, marked with who removed it, when and why, for the audit; views drop its text.
create table chat_messages (
    game_id         varchar(64)  not null references games (id),
    message_id      varchar(64)  not null,
    version         bigint       not null,
    channel         varchar(10)  not null,
    author_id       varchar(128) not null,
    author_name     varchar(128) not null,
    text            varchar(300) not null,
    posted_at       timestamptz  not null,
    removed_at      timestamptz,
    removed_by      varchar(128),
    removed_reason  varchar(500),
    primary key (game_id, message_id)
);
create index chat_messages_by_version on chat_messages (game_id, version);

-- The live list leaves out untimed games nobody moved in for a while; the lobby's "your games" asks by player.
create index games_live_white on games (white_id) where status = 'ONGOING';
create index games_live_black on games (black_id) where status = 'ONGOING';
