-- A command id means something only for the game and the player (or admin) who sent it: one player
-- reusing another's id must neither read that command's outcome nor have their own command ignored.
-- actor_id is the player or admin id, or '' for the platform's own commands (CreateGame, ClaimTimeout).
alter table processed_commands add column actor_id varchar(128) not null default '';
alter table processed_commands drop constraint processed_commands_pkey;
alter table processed_commands add primary key (game_id, actor_id, command_id);

alter table moves drop constraint moves_command_id_key;
alter table moves add constraint moves_game_player_command unique (game_id, player_id, command_id);
