-- Sanctions, owned by matchmaking: suspensions and chat mutes of accounts. A row is never deleted: lifting
-- (or replacing by a newer one) fills lifted_*; the history is the rows of a player, newest first.
create table sanctions (
    id                 varchar(64)  primary key,
    player_id          varchar(128) not null,
    kind               varchar(16)  not null,
    since              timestamptz  not null,
    -- null: until lifted (suspensions only; a mute always ends)
    until              timestamptz,
    reason             varchar(500) not null,
    forfeit_live_games boolean      not null default false,
    staff_id           varchar(128) not null,
    staff_name         varchar(128) not null,
    staff_role         varchar(16)  not null,
    lifted_at          timestamptz,
    lifted_by_id       varchar(128),
    lifted_by_name     varchar(128),
    lifted_by_role     varchar(16),
    lift_reason        varchar(500),
    replaced_by        varchar(64),
    constraint sanctions_kind check (kind in ('SUSPENSION', 'MUTE')),
    constraint sanctions_mute_ends check (kind <> 'MUTE' or until is not null)
);
-- What every guarded request asks ("is this account suspended now?") reads only the rows not lifted.
create index sanctions_in_force on sanctions (player_id, kind, since desc) where lifted_at is null;
create index sanctions_history on sanctions (player_id, since desc);

-- The staff audit (copied from pente-service-kit club/pente/kit/audit/admin_audit.sql).
-- Append-only: the trigger refuses UPDATE and DELETE whoever asks, the service's own role included.
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
