-- What the game service answered to each CreateGame: started (GameStarted seen) or refused (a MoveRejected
-- carrying the CreateGame's command id). Games recorded before this existed are taken as started.
alter table games add column create_command_id varchar(64);
alter table games add column started_at timestamptz;
alter table games add column failed_at timestamptz;
alter table games add column failure_reason varchar(32);
alter table games add column failure_message varchar(300);
update games set started_at = created_at;

-- An invitation may name the account (username) it is for; it then shows in that player's lobby.
alter table invitations add column invitee_name varchar(64);
create index invitations_open_invitee on invitations (lower(invitee_name)) where status = 'OPEN';
create index invitations_open_inviter on invitations (inviter_id) where status = 'OPEN';
create index invitations_game on invitations (game_id);
-- Finding the account behind an invitee's username (for the notification) by the names matchmaking has seen.
create index games_white_name on games (lower(white_name));
create index games_black_name on games (lower(black_name));
create index seeks_player_name on seeks (lower(player_name));
