// The socket protocol, the browser's side of the gateway's club.pente.gateway.ws.protocol: the frames a
// browser sends (ClientFrame), the frames it receives (ServerFrame), and the close codes. Every socket
// frame is built and read here, nowhere else.

/** Types of the frames the gateway sends. */
export const Server = Object.freeze({
  SNAPSHOT: 'snapshot',         // {game, spectators?}: the game as the game service shows it
  RESUMED: 'resumed',           // {from, events}: the buffered events after version `from` follow
  EVENT: 'event',               // {event}: a versioned game event (MovePlayed, GameEnded, ...)
  REJECTED: 'rejected',         // {event}: my move was refused (MoveRejected)
  SPECTATORS: 'spectators',     // {count}
  WELCOME: 'welcome',           // {playerId, name, player | guest}: the token was verified
  ACK: 'ack',                   // {commandId}: handed on; the event that follows is the outcome
  ERROR: 'error',               // {message}: refused, nothing changed
  PONG: 'pong',
  LOBBY: 'lobby',               // {online, searching, liveGames}
  NOTIFICATION: 'notification', // {event}: a matchmaking event for me
  PRESENCE: 'presence',         // {white: {connected, absentMillis}, black: {...}, abandonAfterMillis}
});

const SERVER_TYPES = new Set(Object.values(Server));

/** How the gateway closes a socket, beyond the standard codes. */
export const Close = Object.freeze({
  INVALID_TOKEN: 4401,
  UNKNOWN_GAME: 4404,
  TOO_MANY: 4429,
  MESSAGE_TOO_BIG: 1009,
  UNREADABLE: 1003,
  TOO_MANY_MESSAGES: 1008,
  GAME_SERVICE_DOWN: 1011,
});

/** The frames a browser sends; anything else is refused by the gateway. */
export const Client = Object.freeze({
  auth: token => ({ type: 'auth', token }),
  ping: () => ({ type: 'ping' }),
  move: (point, expectedPly, commandId) => ({ type: 'move', point, expectedPly, commandId }),
  resign: commandId => ({ type: 'resign', commandId }),
  /** kind: 'DRAW' | 'TAKEBACK'; offering what the opponent offers accepts it. */
  offer: (kind, commandId) => ({ type: 'offer', kind, commandId }),
  answer: (kind, accept, commandId) => ({ type: 'answer', kind, accept: !!accept, commandId }),
  /** Only while fewer than two plies have been played. */
  abort: commandId => ({ type: 'abort', commandId }),
  /** The opponent has had no connection for long enough on their turn: claim the win. */
  claim: commandId => ({ type: 'claim', commandId }),
  /** To the players' chat when I play the game, else to the spectators' chat (the gateway decides). */
  chat: (text, commandId) => ({ type: 'chat', text, commandId }),
});

export function encode(frame) {
  return JSON.stringify(frame);
}

/** The frame in a socket message, or null for anything that is not one the gateway sends. */
export function decode(text) {
  let frame;
  try {
    frame = JSON.parse(text);
  } catch (e) {
    return null;
  }
  return frame && typeof frame === 'object' && SERVER_TYPES.has(frame.type) ? frame : null;
}
