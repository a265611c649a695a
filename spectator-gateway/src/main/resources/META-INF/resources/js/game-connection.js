// A game's socket (/ws/games/{id}): resumed after a drop with ?v=<last version applied>, or a fresh
// snapshot when asked to resynchronise; the token is sent on every (re)connection. A game just created by
// matchmaking goes through the command stream and may not be in the game service yet (it may be
// restarting): until its first snapshot the page waits for it, for minutes, asking matchmaking whether the
// game is on its way (gameReady) and trying again at once when it is.
import { ReconnectingSocket, wsUrl } from './util.js';
import { Client, Close } from './protocol.js';
import { api } from './api.js';
import * as auth from './auth.js';

/** How long a game matchmaking (or nobody) knows of is waited for before "there is no such game". */
const WAIT_FOR_GAME_MILLIS = 10 * 60 * 1000;
/** A game matchmaking never made (a mistyped link): this many "unknown game" closes are enough. */
const UNKNOWN_GAME_TRIES = 6;
const READY_POLL_MILLIS = 2000;

/**
 * onFrame(frame) gets every frame the gateway sends; onStatus(state) 'connecting' | 'open' | 'reconnecting'
 * | 'waiting' (the game is not there yet) | 'closed' | 'unknown' (no such game) | 'failed' (the game could
 * not be created; onFailure(failure) says why). lastVersion() is the version to resume after (-1: none yet).
 */
export function connectGame(gameId, { lastVersion, onFrame, onStatus, onFailure = () => {} }) {
  let resync = false;       // true: the next connection asks for a snapshot rather than resuming
  let found = false;        // a snapshot came: the game exists
  let notFoundAttempts = 0;
  let matchmaking = null;   // what matchmaking says of the game: null (not asked / no answer), 'UNKNOWN', or its gameStatus
  let failure = null;
  let pollTimer = null;
  const since = Date.now();

  // Waiting for a game: ask matchmaking while it is on its way, and connect at once when it is ready.
  async function checkReadiness() {
    clearTimeout(pollTimer);
    pollTimer = null;
    if (found || closed) return;
    try {
      const answer = await api(`/api/matchmaking/games/${encodeURIComponent(gameId)}`, { auth: false });
      matchmaking = answer.gameStatus || 'READY';
      if (matchmaking === 'FAILED') {
        failure = answer.failure || { reason: 'FAILED' };
        socket.close();
        onStatus('failed');
        onFailure(failure);
        return;
      }
      if (answer.gameReady) socket.retryNow();
      else if (matchmaking === 'PENDING' && !found && !socket.isOpen()) onStatus('waiting');
    } catch (e) {
      if (e.status === 404) matchmaking = 'UNKNOWN'; // not one of matchmaking's: perhaps a bot's game
    }
    if (!found && !closed) pollTimer = setTimeout(checkReadiness, READY_POLL_MILLIS);
  }

  function waitingForGame(code) {
    return !found && (code === Close.UNKNOWN_GAME || code === Close.GAME_SERVICE_DOWN);
  }

  let closed = false;
  let lastCode;             // how the last connection closed
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
      if (code !== undefined) lastCode = code;
      if (status === 'closed' && code === Close.UNKNOWN_GAME) {
        onStatus('unknown');
      } else if (status === 'reconnecting' && waitingForGame(lastCode)) {
        if (!pollTimer) checkReadiness();
        onStatus(lastCode === Close.UNKNOWN_GAME || matchmaking === 'PENDING' ? 'waiting' : status);
      } else {
        onStatus(status);
      }
    },
    retry: (code) => {
      if (code === Close.UNKNOWN_GAME) {
        if (found) return notFoundAttempts < UNKNOWN_GAME_TRIES; // it existed: the game service lost it?
        if (failure) return false;
        if (matchmaking === 'UNKNOWN' && notFoundAttempts >= UNKNOWN_GAME_TRIES) return false;
        return Date.now() - since < WAIT_FOR_GAME_MILLIS;
      }
      if (code === Close.INVALID_TOKEN) auth.invalidate(); // watch on without the refused token
      return true;
    },
  });

  const send = frame => socket.send(frame);
  return {
    /** False when the socket is not open (the move was not sent). */
    move: (point, expectedPly, commandId) => send(Client.move(point, expectedPly, commandId)),
    resign: commandId => send(Client.resign(commandId)),
    offer: (kind, commandId) => send(Client.offer(kind, commandId)),
    answer: (kind, accept, commandId) => send(Client.answer(kind, accept, commandId)),
    abort: commandId => send(Client.abort(commandId)),
    claim: commandId => send(Client.claim(commandId)),
    chat: (text, commandId) => send(Client.chat(text, commandId)),
    /** A snapshot came: the game exists. */
    found() {
      found = true;
      notFoundAttempts = 0;
      clearTimeout(pollTimer);
      pollTimer = null;
    },
    /** Something was missed: reconnect for a fresh snapshot. */
    resync() {
      resync = true;
      socket.kick();
    },
    /** Cuts the socket as a network failure would (it reconnects and resumes). */
    drop: () => socket.kick(),
    close: () => {
      closed = true;
      clearTimeout(pollTimer);
      socket.close();
    },
  };
}
