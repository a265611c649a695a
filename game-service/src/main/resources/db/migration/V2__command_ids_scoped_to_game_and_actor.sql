-- A command id means something only for the game and the player (or admin) who sent it: one player
-- reusing another's id must neither read that command's outcome nor have their own command ignored.
-- actor_id is the player or admin id, or '' for the platform's own commands (CreateGame, ClaimTimeout).
alter table processed_commands add column actor_id varchar(128) not null default '';
alter table processed_commands drop constraint processed_commands_pkey;
-- Commands handled before this migration keep being recognised: a move's sender is in the move log.
-- (Rejected commands and resignations from before it have no recorded sender; a redelivery of one is
-- decided again, which can only produce a harmless rejection.)
update processed_commands p set actor_id = m.player_id
from moves m where m.game_id = p.game_id and m.command_id = p.command_id;
alter table processed_commands add primary key (game_id, actor_id, command_id);

alter table moves drop constraint moves_command_id_key;
alter table moves add constraint moves_game_player_command unique (game_id, player_id, command_id);
