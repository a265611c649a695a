-- The command pipeline publishes events itself, in a Kafka transaction together with the consumer offsets
-- (see docs/move-path.md): the outbox keeps every event for recovery but is no longer a queue.
-- Each handled command and each stored event remembers the command record (partition, offset) it came
-- from, so that a redelivery of that very record after a crash republishes its events, while the same
-- command id in any other record stays a harmless duplicate. Rows from before this migration have none.
alter table processed_commands add column command_partition integer, add column command_offset bigint;
alter table outbox add column command_partition integer, add column command_offset bigint;
create index outbox_by_command on outbox (command_partition, command_offset);
-- Published by the relay this pipeline replaces; nothing reads it any more.
drop index outbox_unpublished;
alter table outbox drop column published_at;
