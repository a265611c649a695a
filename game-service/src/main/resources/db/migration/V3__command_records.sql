-- The command pipeline publishes events itself, in a Kafka transaction together with the consumer offsets
-- (see docs/move-path.md): the outbox keeps every event for recovery but is no longer a queue.
-- Each handled command and each stored event remembers the command record (partition, offset) it came
-- from, so that a redelivery of that very record after a crash republishes its events, while the same
-- command id in any other record stays a harmless duplicate. Rows from before this migration have none.
alter table processed_commands add column command_partition integer, add column command_offset bigint;
alter table outbox add column command_partition integer, add column command_offset bigint;
create index outbox_by_command on outbox (command_partition, command_offset);
-- Published by the relay this pipeline replaces; nothing reads it any more. Rows it has not published yet
-- would never be: stop the old version once its backlog is empty (pente_game_outbox_backlog 0), then upgrade.
do $$
begin
  if exists (select 1 from outbox where published_at is null) then
    raise exception 'outbox rows not yet published by the old relay: let it finish (backlog 0) before upgrading';
  end if;
end $$;
drop index outbox_unpublished;
alter table outbox drop column published_at;
