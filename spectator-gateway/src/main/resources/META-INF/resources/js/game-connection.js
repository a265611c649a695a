// A game's socket (/ws/games/{id}): resumed after a drop with ?v=<last version applied>, or a fresh
// snapshot when asked to resynchronise; the token is sent on every (re)connection. A game just created by
// matchmaking may not be in the authority yet, so "unknown game" is given a few tries.
import { ReconnectingSocket, wsUrl } from './util.js';
import { Client, Close } from './protocol.js';
import * as auth from './auth.js';

const UNKNOWN_GAME_TRIES = 6;

/**
 * onFrame(frame) gets every frame the gateway sends; onStatus(state) 'connecting' | 'open' | 'reconnecting'
 * | 'closed' | 'unknown' (no such game). lastVersion() is the version to resume after (-1: none yet).
 */
export function connectGame(gameId, { lastVersion, onFrame, onStatus }) {
  let resync = false;       // true: the next connection asks for a snapshot rather than resuming
  let notFoundAttempts = 0;

  const socket = new ReconnectingSocket({
    url: () => {
      const version = lastVersion();
      const resume = version >= 0 && !resync ? `?v=${version}` : '';
      resync = false;
      return wsUrl(`/ws/games/${encodeURIComponent(gameId)}${resume}`);
    },
    onOpen: async () => {
      const token = await auth.token();
      if (token) socket.send(Client.auth(token));
    },
    onMessage: onFrame,
    onStatus: (status, code) => {
      if (code === Close.UNKNOWN_GAME) notFoundAttempts++;
      onStatus(status === 'closed' && code === Close.UNKNOWN_GAME ? 'unknown' : status);
    },
    retry: (code) => {
      if (code === Close.UNKNOWN_GAME) return notFoundAttempts < UNKNOWN_GAME_TRIES;
      if (code === Close.INVALID_TOKEN) auth.invalidate(); // watch on without the refused token
      return true;
    },
  });

  return {
    /** False when the socket is not open (the move was not sent). */
    move: (point, expectedPly, commandId) => socket.send(Client.move(point, expectedPly, commandId)),
    resign: commandId => socket.send(Client.resign(commandId)),
    /** A snapshot came: the game exists. */
    found() {
      notFoundAttempts = 0;
    },
    /** Something was missed: reconnect for a fresh snapshot. */
    resync() {
      resync = true;
      socket.kick();
    },
    /** Cuts the socket as a network failure would (it reconnects and resumes). */
    drop: () => socket.kick(),
    close: () => socket.close(),
  };
}
