-- Issue 18: the variant a game is played by, days per move (turn-based clocks), the tournament it belongs to,
-- and each player's vacation days drawn per UTC calendar year.
alter table games
    add column variant text not null default 'PENTE',
    add column days_per_move int not null default 0,
    add column tournament_id text;

alter table games add constraint games_variant_known check (variant in ('PENTE', 'KERYO', 'GOMOKU'));
alter table games add constraint games_days_per_move_range check (days_per_move between 0 and 30);

-- "My games": a player's ongoing games, by either colour.
create index games_ongoing_white on games (white_id) where status = 'ONGOING';
create index games_ongoing_black on games (black_id) where status = 'ONGOING';
create index games_tournament on games (tournament_id) where tournament_id is not null;

-- Vacation drawn automatically, one day at a time, when a turn-based clock runs out. The row is updated only
-- under "used_days < allowance" (a row lock), so two instances can never draw the same last day twice.
create table vacation_days (
    player_id  text    not null,
    year       int     not null,
    used_days  int     not null default 0 check (used_days >= 0),
    updated_at timestamptz not null default now(),
    primary key (player_id, year)
);
