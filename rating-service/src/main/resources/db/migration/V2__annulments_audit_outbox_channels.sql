-- Issue 15: an admin may annul a finished game; the rating service reverses what it changed, once, with
-- compensating history lines and RatingChanged events, and audits that in the same transaction.

-- One row per annulled game, whether it was rated here, counted only, or not seen yet (then a GameEnded that
-- arrives later is neither rated nor counted). The primary key makes a redelivered GameAnnulled change nothing.
create table game_annulments (
    game_id       varchar(64)  primary key,
    event_id      varchar(64)  not null,
    white_id      varchar(128) not null,
    black_id      varchar(128) not null,
    -- whether ratings were reversed (the game had been rated here)
    reversed      boolean      not null,
    staff_id      varchar(128) not null,
    staff_name    varchar(128) not null,
    reason        varchar(500) not null,
    annulled_at   timestamptz  not null,
    processed_at  timestamptz  not null
);

-- The finished game, marked: statistics leave it out.
alter table finished_games add column annulled_at timestamptz;

-- A history line is a rated game (GAME) or the reversal of one (ANNULMENT). game_no is now the player's count of
-- rated games after the line (an annulment takes one back, so the next game reuses the number); the lost-update
-- guard moves to line_no, the player's n-th history line (players.lines).
alter table rating_changes add column cause varchar(16) not null default 'GAME';
alter table rating_changes add column line_no integer;
update rating_changes set line_no = game_no;
alter table rating_changes alter column line_no set not null;
alter table rating_changes drop constraint rating_changes_player_id_game_no_key;
alter table rating_changes drop constraint rating_changes_game_id_player_id_key;
alter table rating_changes add constraint rating_changes_player_line unique (player_id, line_no);
alter table rating_changes add constraint rating_changes_game_player_cause unique (game_id, player_id, cause);
alter table rating_changes add constraint rating_changes_cause check (cause in ('GAME', 'ANNULMENT'));

alter table players add column lines integer not null default 0;
update players set lines = games;

-- The outbox carries two channels now: RATINGS (RatingChanged, keyed by player id) and AUDIT (AuditEntry, keyed by
-- game id). Rows written before this migration are RatingChanged.
alter table outbox rename column player_id to record_key;
alter table outbox add column channel varchar(16) not null default 'RATINGS';

-- The staff audit (club.pente.kit.audit.AuditLog; a copy of the kit's admin_audit.sql): append-only.
CREATE TABLE admin_audit (
    audit_id    VARCHAR(64)  PRIMARY KEY,
    occurred_at TIMESTAMPTZ  NOT NULL,
    service     VARCHAR(64)  NOT NULL,
    actor_id    VARCHAR(128) NOT NULL,
    actor_name  VARCHAR(128) NOT NULL,
    actor_role  VARCHAR(16)  NOT NULL,
    action      VARCHAR(32)  NOT NULL,
    target_type VARCHAR(16)  NOT NULL,
    target_id   VARCHAR(128) NOT NULL,
    game_id     VARCHAR(64),
    reason      VARCHAR(500) NOT NULL,
    outcome     VARCHAR(16)  NOT NULL,
    detail      VARCHAR(500)
);
CREATE INDEX admin_audit_by_time ON admin_audit (occurred_at DESC);
CREATE INDEX admin_audit_by_target ON admin_audit (target_id, occurred_at DESC);

CREATE FUNCTION admin_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON admin_audit
    FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_is_append_only();
