// The game page (#/game/{id}, #/replay/{id}): a live board over /ws/games/{id}, resumed after a drop,
// moves by clicking, clocks ticking locally, and move-by-move replay once it is over. This module wires
// the three parts: the state (game-state.js), its view (game-view.js) and the socket (game-connection.js).
import { uuid } from './util.js';
import { t } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { clientConfig } from './config.js';
import { Server } from './protocol.js';
import { toast, describeError } from './ui.js';
import { GameState, Applied } from './game-state.js';
import { createGameView } from './game-view.js';
import { connectGame } from './game-connection.js';

const PENDING_MILLIS = 15000;
const RESIGN_CONFIRM_MILLIS = 4000;

export function mountGame(container, gameId, { replay = false } = {}) {
  const state = new GameState({ replay });
  let connection = 'connecting';

  const myId = () => (state.me && state.me.playerId) || (auth.current() && auth.current().id) || null;
  const view = createGameView(gameId, { onPoint: play, onResign: resign, onRematch: rematch, onGoTo: goTo });
  container.replaceChildren(view.element);

  const socket = connectGame(gameId, {
    lastVersion: () => state.lastVersion,
    onFrame: receive,
    onStatus: (status) => {
      connection = status;
      view.renderStatus(connection);
    },
  });

  clientConfig().then((config) => {
    state.setRules(config);
    render();
  }).catch(() => { /* without the rules the game service still refuses what they forbid */ });

  function render() {
    view.renderStatus(connection);
    if (!state.game) return;
    if (!state.over()) state.viewPly = null;
    view.render(state, myId());
  }

  function receive(frame) {
    switch (frame.type) {
      case Server.SNAPSHOT:
        socket.found();
        state.load(frame.game);
        if (typeof frame.spectators === 'number') state.spectators = frame.spectators;
        render();
        break;
      case Server.RESUMED:
        break; // the missed events follow, each checked against the last version
      case Server.EVENT: {
        const event = frame.event;
        const applied = state.apply(event);
        if (applied === Applied.GAP) {
          socket.resync(); // start again from a fresh snapshot
        } else if (applied === Applied.CHANGED) {
          if (event.type === 'MovePlayed') view.announce(event.announcements || [], event.color);
          render();
        }
        break;
      }
      case Server.SPECTATORS:
        state.spectators = frame.count;
        view.renderSpectators(state.spectators);
        break;
      case Server.WELCOME:
        state.me = { playerId: frame.playerId, player: !!frame.player, name: frame.name };
        render();
        break;
      case Server.REJECTED: {
        const event = frame.event || {};
        state.clearPending();
        const known = t('reject.' + event.reason) !== 'reject.' + event.reason;
        toast(t('game.rejected', { reason: known ? t('reject.' + event.reason) : (event.message || event.reason) }), 'error');
        render();
        break;
      }
      case Server.ERROR:
        if (!state.game) break; // before a snapshot: the close code that follows says it all
        state.clearPending();
        toast(frame.message, 'error');
        render();
        break;
      default:
        break; // ack: the event that follows is the outcome
    }
  }

  // --- playing ------------------------------------------------------------------------------------
  function play(point) {
    const refusal = state.refusal(point, myId());
    if (refusal === 'wait') return;
    if (refusal) {
      toast(t('game.rejected', { reason: t('reject.' + refusal) }), 'error');
      return;
    }
    const ply = state.game.moves.length + 1;
    const commandId = uuid();
    if (!socket.move(point, ply, commandId)) {
      toast(t('game.reconnecting'), 'error');
      return;
    }
    state.setPending({ point, ply, commandId, timer: setTimeout(() => { state.clearPending(); render(); }, PENDING_MILLIS) });
    render();
  }

  function resign() {
    if (!view.resignArmed()) {
      view.armResign(true);
      setTimeout(() => view.armResign(false), RESIGN_CONFIRM_MILLIS);
      return;
    }
    view.armResign(false);
    socket.resign(uuid());
  }

  async function rematch() {
    try {
      const answer = await api(`/api/matchmaking/games/${encodeURIComponent(gameId)}/rematch`, { method: 'POST' });
      if (answer && answer.gameId) location.hash = `#/game/${answer.gameId}`;
      else toast(t('game.rematchOffered'));
    } catch (e) {
      toast(describeError(e), 'error');
    }
  }

  function goTo(ply) {
    state.goTo(ply);
    render();
  }

  const ticker = setInterval(() => view.renderClocks(), 250);

  // Tests and curious people: window.pente.game.drop() cuts the socket as a network failure would.
  window.pente = window.pente || {};
  window.pente.game = { drop: () => socket.drop(), version: () => state.lastVersion, state: () => state.game };

  view.renderStatus(connection);
  return {
    unmount() {
      clearInterval(ticker);
      state.clearPending();
      socket.close();
      if (window.pente) delete window.pente.game;
    },
    retranslate: render,
  };
}
