-- Issue 15, staff administration. What staff add to a game: the reason of a staff abort or forfeit (GameEnded.note,
-- shown at the table and in the view), and the annulment of a finished game (its result stays; it counts for nothing).
alter table games add column end_note varchar(500),
                  add column annulled_at timestamptz,
                  add column annulled_by varchar(128),
                  add column annulled_reason varchar(500);

-- The staff audit, as every owning service keeps it (club.pente.kit.audit.AuditLog). Copy into a Flyway migration.
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
