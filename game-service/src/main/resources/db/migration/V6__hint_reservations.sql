-- Issue 17, hints in casual games against the computer: how many each player of a game has used. The game service
-- keeps the count (not the AI service) so that it survives restarts and holds across instances; a hint is reserved
-- with one statement (insert, or add one while used < the limit), so two calls at once cannot both take the last one.
create table hint_reservations (
    game_id    varchar(64)  not null references games (id) on delete cascade,
    player_id  varchar(128) not null,
    used       integer      not null check (used >= 0),
    last_ply   integer      not null,
    updated_at timestamptz  not null,
    primary key (game_id, player_id)
);
