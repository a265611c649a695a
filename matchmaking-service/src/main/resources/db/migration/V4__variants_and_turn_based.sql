-- Variants (PENTE, KERYO, GOMOKU: the enum's name) and turn-based time controls (days per move; 0 is a live
-- clock or untimed). Rows from before read as live Pente. The time control's preset name (5+5, 3d) stays in
-- time_control; days_per_move is kept beside it for the rules that differ for turn-based play.
alter table seeks add column variant varchar(8) not null default 'PENTE';
alter table seeks add column days_per_move integer not null default 0;
alter table games add column variant varchar(8) not null default 'PENTE';
alter table games add column days_per_move integer not null default 0;
alter table invitations add column variant varchar(8) not null default 'PENTE';
alter table matches add column variant varchar(8) not null default 'PENTE';

-- One waiting live seek per player (as before); turn-based seeks are many, counted against a quota.
drop index seeks_one_waiting_per_player;
create unique index seeks_one_live_waiting_per_player on seeks (player_id) where status = 'WAITING' and days_per_move = 0;
create index seeks_waiting_turn_based_of_player on seeks (player_id) where status = 'WAITING' and days_per_move > 0;
