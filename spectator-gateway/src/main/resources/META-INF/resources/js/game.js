// The game page (#/game/{id}, #/replay/{id}): a live board over /ws/games/{id}, resumed after a drop,
// moves by clicking, tapping (twice, when moves are confirmed) or the keyboard, clocks ticking locally,
// offers, abort and abandonment claims, chat, sounds, and move-by-move replay once it is over. This module
// wires the three parts: the state (game-state.js), its view (game-view.js) and the socket
// (game-connection.js). Every decision is the server's: the page sends frames and draws the events.
import { uuid, store } from './util.js';
import { t } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { clientConfig } from './config.js';
import { Server } from './protocol.js';
import { toast, describeError } from './ui.js';
import { GameState, Applied } from './game-state.js';
import { createGameView } from './game-view.js';
import { connectGame } from './game-connection.js';
import { abortGame, reasonDialog } from './staff.js';
import { createReview } from './review.js';
import { createHint } from './hint.js';

const PENDING_MILLIS = 15000;
const RESIGN_CONFIRM_MILLIS = 4000;

/** Short tones through WebAudio (no files to load): a move, and the end of the game. */
function createSounds() {
  let context = null;
  function tone(frequency, start, duration, volume = 0.08) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      context = context || new Context();
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      osc.type = 'sine';
      const at = context.currentTime + start;
      gain.gain.setValueAtTime(volume, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + duration);
    } catch (e) { /* no sound here */ }
  }
  return {
    move: () => tone(660, 0, 0.09),
    end: () => { tone(523, 0, 0.18); tone(659, 0.16, 0.18); tone(784, 0.32, 0.3); },
  };
}

const defaultConfirm = () => !!(window.matchMedia && window.matchMedia('(pointer: coarse)').matches);

export function mountGame(container, gameId, { replay = false } = {}) {
  // A replay (#/replay/{id}) starts from the first move once the game shows as over: the gateway may send a
  // cached snapshot of it still live and then the events up to its end. A move well after the snapshot means
  // the game is really live: then it is followed, not rewound when it ends.
  const state = new GameState();
  let replayStart = replay;
  let snapshotAt = 0;
  const REPLAY_DECIDED_MILLIS = 1500;
  const sounds = createSounds();
  let connection = 'connecting';
  let failure = '';
  let ghost = null;           // a tapped point waiting for its confirming tap
  let chatAudience = null;    // the channel the chat history was loaded for
  let finalLoaded = false;

  const prefs = () => ({
    chatMuted: !!store.get('chatMuted', false),
    sound: store.get('sound', true) !== false,
    confirmMoves: !!store.get('confirmMoves', defaultConfirm()),
    ghost,
    canChat: !!auth.current(),
    staff: !!auth.staffRole(),
  });
  // Sounds only for what happens while the page is open (not for a snapshot or the replay).
  let live = false;

  const myId = () => (state.me && state.me.playerId) || (auth.current() && auth.current().id) || null;
  // The engine's help: a hint while playing the computer casually, the review once the game is over.
  const hint = createHint(gameId, { onChange: render });
  const review = createReview(gameId, { onGoTo: goTo, onChange: render });
  const view = createGameView(gameId, {
    onPoint: play, onResign: resign, onRematch: rematch, onGoTo: goTo,
    onOffer: kind => send(socket.offer(kind, uuid())),
    onAnswer: (kind, accept) => send(socket.answer(kind, accept, uuid())),
    onAbort: () => send(socket.abort(uuid())),
    onClaim: () => send(socket.claim(uuid())),
    onChat: text => send(socket.chat(text, uuid())),
    onChatMute: (muted) => { store.set('chatMuted', muted); render(); },
    onSound: (on) => { store.set('sound', on); render(); },
    onConfirmMoves: (on) => { store.set('confirmMoves', on); ghost = null; render(); },
    onStaffAbort: staffAbort,
    onRemoveChat: removeChat,
  }, {
    panels: [hint.element],
    afterReplay: [review.element],
    notes: () => [...hint.notes(), ...review.notes()],
    marks: () => review.marks(),
  });
  container.replaceChildren(view.element);

  const socket = connectGame(gameId, {
    lastVersion: () => state.lastVersion,
    onFrame: receive,
    onStatus: (status) => {
      connection = status;
      view.renderStatus(connection, failure);
    },
    onFailure: (why) => {
      failure = (why && (why.message || why.reason)) || '';
      view.renderStatus('failed', failure);
    },
  });

  clientConfig().then((config) => {
    state.setRules(config);
    render();
  }).catch(() => { /* without the rules the game service still refuses what they forbid */ });

  function send(sent) {
    if (!sent) toast(t('game.reconnecting'), 'error');
    return sent;
  }

  function render() {
    view.renderStatus(connection, failure);
    if (!state.game) return;
    if (!state.over()) state.viewPly = null;
    hint.update(state, myId());
    review.update(state);
    view.render(state, myId(), prefs());
  }

  /**
   * The chat of my audience, from the game service (players' chat for players, both for staff who do not play,
   * else the spectators'). `again`: load it even when this audience's was loaded (staff, after a message of the
   * other channel came hidden).
   */
  async function loadChat(again = false) {
    const audience = state.myColour(myId()) ? 'PLAYERS' : auth.staffRole() ? 'STAFF' : 'SPECTATORS';
    if (chatAudience === audience && !again) return;
    chatAudience = audience;
    try {
      const answer = await api(`/api/games/${encodeURIComponent(gameId)}/chat`);
      state.loadChat(answer && answer.messages);
      render();
    } catch (e) {
      chatAudience = null; // try again with the next snapshot
    }
  }

  /** The server's final view (its final clocks, per-move announcements and clocks) once the game ended. */
  async function loadFinal() {
    if (finalLoaded) return;
    finalLoaded = true;
    try {
      const final = await api(`/api/games/${encodeURIComponent(gameId)}`, { auth: false });
      if (state.loadFinal(final)) render();
    } catch (e) {
      finalLoaded = false;
    }
  }

  // A turn-based clock that ran out draws the mover's vacation on the server, which sends no event for it: while
  // the page's deadline has passed, the view is asked again (2 s, doubling to a minute) for the one it has now.
  let deadlineAskedAt = 0;
  let deadlineDelay = 2000;
  async function checkDeadline() {
    const deadline = state.deadlineMillis();
    if (deadline === null || deadline > Date.now()) {
      deadlineDelay = 2000;
      return;
    }
    const now = performance.now();
    if (now - deadlineAskedAt < deadlineDelay) return;
    deadlineAskedAt = now;
    deadlineDelay = Math.min(deadlineDelay * 2, 60000);
    try {
      const current = await api(`/api/games/${encodeURIComponent(gameId)}`, { auth: false });
      if (state.refreshDeadline(current)) render();
    } catch (e) { /* asked again after the delay */ }
  }

  function receive(frame) {
    switch (frame.type) {
      case Server.SNAPSHOT:
        socket.found();
        connection = 'open';
        state.load(frame.game);
        if (typeof frame.spectators === 'number') state.spectators = frame.spectators;
        if (state.over()) finalLoaded = true; // a snapshot of a finished game has its final clocks
        snapshotAt = performance.now();
        startReplay();
        live = true;
        render();
        loadChat();
        break;
      case Server.RESUMED:
        break; // the missed events follow, each checked against the last version
      case Server.EVENT: {
        const event = frame.event;
        const applied = state.apply(event);
        if (applied === Applied.GAP) {
          socket.resync(); // start again from a fresh snapshot
        } else if (applied === Applied.CHANGED) {
          if (event.type === 'MovePlayed' && performance.now() - snapshotAt > REPLAY_DECIDED_MILLIS) replayStart = false;
          if (event.type === 'ChatPosted' && event.hidden && auth.staffRole() && !state.myColour(myId())) staffChatSoon();
          startReplay();
          react(event);
          render();
        }
        break;
      }
      case Server.SPECTATORS:
        state.spectators = frame.count;
        view.renderSpectators(state.spectators);
        break;
      case Server.PRESENCE:
        state.setPresence(frame);
        view.renderClocks();
        break;
      case Server.WELCOME:
        state.me = { playerId: frame.playerId, player: !!frame.player, name: frame.name };
        render();
        if (state.game) loadChat();
        break;
      case Server.REJECTED: {
        const event = frame.event || {};
        state.clearPending();
        const known = t('reject.' + event.reason) !== 'reject.' + event.reason;
        // A sanction is about the player, not the move: its own sentence (a muted chat is no refused move).
        if (event.reason === 'SUSPENDED' || event.reason === 'MUTED') toast(t('error.' + event.reason), 'error');
        else toast(t('game.rejected', { reason: known ? t('reject.' + event.reason) : (event.message || event.reason) }), 'error');
        render();
        break;
      }
      case Server.ERROR: {
        if (!state.game) break; // before a snapshot: the close code that follows says it all
        state.clearPending();
        const key = frame.code ? 'wserr.' + frame.code : null;
        toast(key && t(key) !== key ? t(key) : frame.message, 'error');
        render();
        break;
      }
      default:
        break; // ack: the event that follows is the outcome
    }
  }

  function startReplay() {
    if (replayStart && state.over()) {
      replayStart = false;
      state.goTo(0);
    }
  }

  /** What an event means for the people at the table, beyond the drawing. */
  function react(event) {
    const me = state.myColour(myId());
    // Events that follow a snapshot at once are history catching up (a cached snapshot): no toasts, no sounds.
    if (performance.now() - snapshotAt < REPLAY_DECIDED_MILLIS) {
      if (event.type === 'GameEnded') loadFinal();
      return;
    }
    switch (event.type) {
      case 'MovePlayed':
        ghost = null;
        if (live && prefs().sound) sounds.move();
        break;
      case 'GameEnded':
        ghost = null;
        if (live && prefs().sound) sounds.end();
        loadFinal();
        break;
      case 'OfferDeclined':
        if (me && event.color === me) toast(t(event.kind === 'DRAW' ? 'game.drawDeclined' : 'game.takebackDeclined'));
        break;
      case 'MovesTakenBack':
        ghost = null;
        toast(t('game.takenBack', { n: event.removed }));
        break;
      default:
        break;
    }
  }

  // --- staff: abort with a reason, remove a chat message, read the other channel ----------------------
  let staffChatTimer = null;
  function staffChatSoon() {
    if (staffChatTimer) return;
    staffChatTimer = setTimeout(() => { staffChatTimer = null; loadChat(true); }, 300);
  }

  function staffAbort() {
    const g = state.game;
    const label = g ? `${(g.white && g.white.name) || '?'} – ${(g.black && g.black.name) || '?'}` : gameId;
    abortGame(gameId, label, null);
  }

  function removeChat(messageId) {
    const message = state.chat.get(messageId);
    reasonDialog({ action: 'REMOVE_CHAT', title: t('chat.removeTitle'), confirmLabel: t('chat.remove'),
      text: message ? `${message.authorName || '?'}: ${message.text}` : null },
    values => api(`/api/games/${encodeURIComponent(gameId)}/chat/${encodeURIComponent(messageId)}`,
      { method: 'DELETE', body: { reason: values.reason } }))
      .then((answer) => { if (answer) toast(t('chat.removed')); });
  }

  // --- playing ------------------------------------------------------------------------------------
  function play(point) {
    const refusal = state.refusal(point, myId());
    if (refusal === 'wait') return;
    if (refusal) {
      view.flash(point);
      toast(t('game.rejected', { reason: t('reject.' + refusal) }), 'error');
      return;
    }
    // On a phone a tap shows a ghost stone; a second tap on it plays it.
    if (prefs().confirmMoves && ghost !== point) {
      ghost = point;
      render();
      return;
    }
    ghost = null;
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

  // Replay from the keyboard: ←/→ a move, Home/End the ends (not while typing, nor on a live board).
  function onKey(e) {
    if (!state.game || !state.over() || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in steps) goTo(state.currentPly() + steps[e.key]);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(state.game.moves.length);
    else return;
    e.preventDefault();
  }
  document.addEventListener('keydown', onKey);

  const ticker = setInterval(() => {
    view.renderClocks();
    checkDeadline();
  }, 250);

  // Tests and curious people: window.pente.game.drop() cuts the socket as a network failure would.
  window.pente = window.pente || {};
  window.pente.game = { drop: () => socket.drop(), version: () => state.lastVersion, state: () => state.game };

  view.renderStatus(connection);
  return {
    unmount() {
      clearInterval(ticker);
      clearTimeout(staffChatTimer);
      hint.unmount();
      review.unmount();
      document.removeEventListener('keydown', onKey);
      state.clearPending();
      socket.close();
      if (window.pente) delete window.pente.game;
    },
    retranslate: render,
    sessionChanged() {
      chatAudience = null;
      render();
    },
  };
}
