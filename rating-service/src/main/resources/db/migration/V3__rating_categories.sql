-- Issue 18: a rating per category (variant and speed: pente-live, keryo-turn, ... = RatingCategory.id()). A player
-- has one row per category played; every row from before categories is pente-live. The defaults are dropped after
-- the backfill so that no write can forget the category.
alter table players add column category varchar(16) not null default 'pente-live';
alter table players alter column category drop default;
alter table rating_changes drop constraint rating_changes_player_id_fkey;
alter table players drop constraint players_pkey;
alter table players add primary key (player_id, category);
drop index players_leaderboard;
create index players_leaderboard on players (category, rating desc, games desc, player_id) where games >= 20;

-- A history line belongs to one category's row; the lost-update guard (the row's n-th line) is per row now.
alter table rating_changes add column category varchar(16) not null default 'pente-live';
alter table rating_changes alter column category drop default;
alter table rating_changes add constraint rating_changes_player_category_fkey
    foreign key (player_id, category) references players (player_id, category);
alter table rating_changes drop constraint rating_changes_player_line;
alter table rating_changes add constraint rating_changes_player_line unique (player_id, category, line_no);
-- A profile lists the history of all categories, newest first.
create index rating_changes_by_player on rating_changes (player_id, seq desc);

-- The category a finished game counts for (what an annulment compensates, what statistics filter on).
alter table finished_games add column category varchar(16) not null default 'pente-live';
alter table finished_games alter column category drop default;
