// The game page (#/game/{id}, #/replay/{id}): a live board over /ws/games/{id}, resumed after a drop with
// v=<last version>, moves by clicking, clocks ticking locally, and move-by-move replay once it is over.
import { h, ReconnectingSocket, wsUrl, uuid, formatClock } from './util.js';
import { t } from './i18n.js';
import { createBoard, parsePoint, stonesAfter, stonesFromRows } from './board.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, playerLink, describeError } from './ui.js';

const other = colour => (colour === 'WHITE' ? 'BLACK' : 'WHITE');
const letter = colour => (colour === 'WHITE' ? 'W' : 'B');

function inTournamentZone(point) {
  const p = parsePoint(point);
  return !!p && Math.abs(p.col - 9) <= 2 && Math.abs(p.row - 10) <= 2;
}

export function mountGame(container, gameId, { replay = false } = {}) {
  let game = null;          // the view, kept current by the events
  let lastVersion = -1;     // the last version applied: events at or below it are ignored
  let me = null;            // {playerId, player} from the socket's welcome
  let spectators = 0;
  let pending = null;       // {point, ply, timer}
  let viewPly = replay ? 0 : null; // null: the live (or final) position; a number: replaying
  let clockBase = null;     // {whiteMillis, blackMillis, at}
  let lastCaptured = [];
  let connection = 'connecting';
  let notFoundAttempts = 0;
  let resignArmed = false;
  let resync = false;       // true: the next connection asks for a snapshot rather than resuming

  const board = createBoard({ onPoint: play });

  const el = {
    status: h('p', { id: 'conn-status', class: 'conn', hidden: true }),
    white: playerCard('WHITE'),
    black: playerCard('BLACK'),
    turn: h('p', { id: 'turn', class: 'turn' }),
    rule: h('p', { id: 'rule-note', class: 'rule-note', hidden: true }),
    announcement: h('p', { id: 'announcement', class: 'announcement', 'aria-live': 'polite' }),
    result: h('div', { id: 'result', class: 'result', hidden: true, role: 'status' }),
    spectators: h('span', { id: 'spectators', 'data-count': '0' }, '0'),
    spectatorsLabel: h('span', { class: 'label' }),
    moves: h('ol', { id: 'move-list', class: 'move-list' }),
    movesTitle: h('h3', {}),
    resign: h('button', { id: 'resign', type: 'button', class: 'danger', hidden: true, onclick: resign }),
    rematch: h('button', { id: 'rematch', type: 'button', hidden: true, onclick: rematch }),
    download: h('a', { id: 'download-record', class: 'button', href: `/api/games/${encodeURIComponent(gameId)}/record`,
      download: `pente-${gameId}.txt`, hidden: true }),
    replayBox: h('div', { id: 'replay', class: 'replay', hidden: true }),
    slider: h('input', { id: 'replay-slider', type: 'range', min: 0, max: 0, value: 0, step: 1 }),
    replayLabel: h('span', { id: 'replay-position' }),
    meta: h('p', { id: 'game-meta', class: 'muted' }),
  };
  const replayButtons = {
    first: h('button', { id: 'replay-first', type: 'button', onclick: () => goTo(0) }, '⏮'),
    prev: h('button', { id: 'replay-prev', type: 'button', onclick: () => goTo(currentPly() - 1) }, '◀'),
    next: h('button', { id: 'replay-next', type: 'button', onclick: () => goTo(currentPly() + 1) }, '▶'),
    last: h('button', { id: 'replay-last', type: 'button', onclick: () => goTo(game ? game.moves.length : 0) }, '⏭'),
  };
  el.slider.addEventListener('input', () => goTo(Number(el.slider.value)));
  el.replayBox.append(replayButtons.first, replayButtons.prev, el.slider, replayButtons.next, replayButtons.last, el.replayLabel);
  el.moves.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-ply]');
    if (li && game && game.status !== 'ONGOING') goTo(Number(li.dataset.ply));
  });

  const page = h('section', { class: 'game-page', 'data-game-id': gameId },
    h('div', { class: 'board-wrap' }, board.element),
    h('aside', { class: 'side' },
      el.status, el.result,
      h('div', { class: 'players' }, el.white.card, el.black.card),
      el.turn, el.announcement, el.rule,
      h('p', { class: 'spectators' }, el.spectatorsLabel, ' ', el.spectators),
      h('div', { class: 'actions' }, el.resign, el.rematch, el.download),
      el.replayBox,
      h('div', { class: 'moves' }, el.movesTitle, el.moves),
      el.meta,
      h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));
  container.replaceChildren(page);

  function playerCard(colour) {
    const name = h('span', { class: 'name', id: `name-${colour.toLowerCase()}` });
    const clock = h('span', { class: 'clock', id: `clock-${colour.toLowerCase()}` }, '–');
    const captured = h('span', { class: 'captured', id: `captured-${colour.toLowerCase()}`, 'data-count': '0' }, '0');
    const capturedLabel = h('span', { class: 'label' });
    const card = h('div', { class: `player-card ${colour.toLowerCase()}`, id: `player-${colour.toLowerCase()}` },
      h('span', { class: 'swatch' }), name, clock, h('span', { class: 'pairs' }, capturedLabel, ' ', captured));
    return { card, name, clock, captured, capturedLabel };
  }

  const session = () => auth.current();
  const myId = () => (me && me.playerId) || (session() && session().id) || null;
  function myColour() {
    const id = myId();
    if (!game || !id) return null;
    if (game.white && game.white.id === id) return 'WHITE';
    if (game.black && game.black.id === id) return 'BLACK';
    return null;
  }
  const currentPly = () => (viewPly === null ? (game ? game.moves.length : 0) : viewPly);

  // --- the socket ---------------------------------------------------------------------------------
  const socket = new ReconnectingSocket({
    url: () => {
      const resume = lastVersion >= 0 && !resync ? `?v=${lastVersion}` : '';
      resync = false;
      return wsUrl(`/ws/games/${encodeURIComponent(gameId)}${resume}`);
    },
    onOpen: async () => {
      const token = await auth.token();
      if (token) socket.send({ type: 'auth', token });
    },
    onMessage: receive,
    onStatus: (status, code) => {
      connection = status;
      if (status === 'closed' && code === 4404) connection = 'unknown';
      if (code === 4404) notFoundAttempts++;
      renderStatus();
    },
    // A game just created by matchmaking may not be in the authority yet: give it a few tries.
    retry: (code) => {
      if (code === 4404) return notFoundAttempts < 6;
      if (code === 4401) auth.invalidate(); // watch on without the refused token
      return true;
    },
  });

  function receive(message) {
    switch (message.type) {
      case 'snapshot':
        notFoundAttempts = 0;
        loadSnapshot(message.game);
        if (typeof message.spectators === 'number') spectators = message.spectators;
        render();
        break;
      case 'resumed':
        break; // the missed events follow, each checked against lastVersion
      case 'event':
        applyEvent(message.event);
        break;
      case 'spectators':
        spectators = message.count;
        renderSpectators();
        break;
      case 'welcome':
        me = { playerId: message.playerId, player: !!message.player, name: message.name };
        render();
        break;
      case 'ack':
        break;
      case 'rejected': {
        const event = message.event || {};
        clearPending();
        toast(t('game.rejected', { reason: t('reject.' + event.reason) !== 'reject.' + event.reason ? t('reject.' + event.reason) : (event.message || event.reason) }), 'error');
        render();
        break;
      }
      case 'error':
        if (!game) break; // before a snapshot: the close code that follows says it all
        if (pending) clearPending();
        toast(message.message, 'error');
        render();
        break;
      default:
        break;
    }
  }

  function loadSnapshot(view) {
    game = {
      ...view,
      moves: (view.moves || []).map(m => ({ ...m, announcements: m.announcements || [] })),
      stones: stonesFromRows(view.board),
      capturedPairs: view.capturedPairs || { white: 0, black: 0 },
    };
    lastVersion = view.version;
    const last = game.moves[game.moves.length - 1];
    lastCaptured = last ? last.captured || [] : [];
    setClocks(view.clocks);
    if (pending && game.ply >= pending.ply) clearPending();
  }

  function applyEvent(event) {
    if (!game || !event || typeof event.version !== 'number' || event.version <= lastVersion) return;
    if (event.version > lastVersion + 1) {
      // Versions grow by one: a gap means something was missed. Start again from a fresh snapshot.
      resync = true;
      socket.kick();
      return;
    }
    lastVersion = event.version;
    switch (event.type) {
      case 'MovePlayed': {
        const colour = event.color;
        game.stones[event.point] = letter(colour);
        for (const gone of event.captured || []) delete game.stones[gone];
        lastCaptured = event.captured || [];
        game.moves.push({ ply: event.ply, color: colour, playerId: event.playerId, point: event.point,
          captured: event.captured || [], announcements: event.announcements || [], playedAt: event.occurredAt });
        game.ply = event.ply;
        game.toMove = other(colour);
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        setClocks(event.clocks);
        if (pending && event.ply >= pending.ply) clearPending();
        announce(event.announcements || [], colour);
        if (viewPly !== null && viewPly === game.moves.length - 1) viewPly = null;
        break;
      }
      case 'GameEnded':
        game.status = event.result;
        game.reason = event.reason;
        game.toMove = null;
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        game.points = event.points;
        clearPending();
        freezeClocks();
        break;
      case 'GameStarted':
        if (event.clocks) setClocks(event.clocks);
        break;
      default:
        break;
    }
    render();
  }

  function setClocks(clocks) {
    clockBase = clocks ? { whiteMillis: clocks.whiteMillis, blackMillis: clocks.blackMillis, at: performance.now() } : null;
  }

  function freezeClocks() {
    if (!clockBase) return;
    clockBase = { ...clockBase, whiteMillis: clockNow('WHITE'), blackMillis: clockNow('BLACK'), at: performance.now(), frozen: true };
  }

  function clockNow(colour) {
    if (!clockBase) return null;
    const base = colour === 'WHITE' ? clockBase.whiteMillis : clockBase.blackMillis;
    const running = !clockBase.frozen && game && game.status === 'ONGOING' && game.toMove === colour;
    return running ? base - (performance.now() - clockBase.at) : base;
  }

  const ticker = setInterval(renderClocks, 250);

  // --- playing ------------------------------------------------------------------------------------
  function play(point) {
    if (!game || viewPly !== null) return;
    const colour = myColour();
    if (!colour || game.status !== 'ONGOING' || game.toMove !== colour || pending) return;
    if (game.stones[point]) return;
    const ply = game.moves.length + 1;
    if (ply === 1 && point !== 'K10') {
      toast(t('game.rejected', { reason: t('reject.FIRST_MOVE_NOT_CENTRE') }), 'error');
      return;
    }
    if (ply === 3 && inTournamentZone(point)) {
      toast(t('game.rejected', { reason: t('reject.TOURNAMENT_RULE') }), 'error');
      return;
    }
    const commandId = uuid();
    if (!socket.send({ type: 'move', point, expectedPly: ply, commandId })) {
      toast(t('game.reconnecting'), 'error');
      return;
    }
    pending = { point, ply, commandId, timer: setTimeout(() => { clearPending(); render(); }, 15000) };
    render();
  }

  function clearPending() {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  }

  function resign() {
    if (!resignArmed) {
      resignArmed = true;
      el.resign.textContent = t('game.resignConfirm');
      el.resign.classList.add('armed');
      setTimeout(() => { resignArmed = false; renderActions(); }, 4000);
      return;
    }
    resignArmed = false;
    socket.send({ type: 'resign', commandId: uuid() });
    renderActions();
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

  function announce(list, colour) {
    if (!list.length) return;
    const text = list.map(a => t('announce.' + a)).join(' ');
    el.announcement.textContent = `${t('colour.' + colour)}: ${text}`;
    el.announcement.dataset.announcement = list.join(',');
    el.announcement.classList.remove('flash');
    void el.announcement.offsetWidth;
    el.announcement.classList.add('flash');
  }

  function goTo(ply) {
    if (!game) return;
    const total = game.moves.length;
    const target = Math.max(0, Math.min(total, ply));
    viewPly = target === total ? null : target;
    render();
  }

  // --- drawing ------------------------------------------------------------------------------------
  function render() {
    renderStatus();
    if (!game) return;
    const over = game.status !== 'ONGOING';
    if (!over) viewPly = null;
    const colour = myColour();
    const ply = currentPly();
    const replaying = viewPly !== null;
    const stones = replaying ? stonesAfter(game.moves, ply) : game.stones;
    const lastMove = ply > 0 ? game.moves[ply - 1] : null;
    const myTurn = !over && !!colour && game.toMove === colour && !pending;
    board.element.dataset.ply = String(game.ply);
    board.element.dataset.version = String(lastVersion);
    board.render({
      stones,
      last: lastMove ? lastMove.point : null,
      lastCaptured: replaying ? (lastMove ? lastMove.captured || [] : []) : lastCaptured,
      pending: pending && pending.point,
      shade: !replaying && !over && game.moves.length === 2,
      interactive: myTurn && !replaying,
      myColor: colour ? letter(colour) : null,
    });
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const player = game[side.toLowerCase()] || {};
      card.name.replaceChildren(playerLink(player), player.id === myId() ? ` (${t('game.you')})` : '');
      const pairs = replaying ? capturedAt(side, ply) : (game.capturedPairs[side.toLowerCase()] || 0);
      card.captured.textContent = String(pairs);
      card.captured.dataset.count = String(pairs);
      card.capturedLabel.textContent = t('game.captured');
      card.card.classList.toggle('to-move', !over && game.toMove === side);
    }
    if (over) {
      el.turn.textContent = '';
      el.turn.dataset.turn = '';
    } else if (myTurn || (pending && colour === game.toMove)) {
      el.turn.textContent = t('game.yourTurn');
      el.turn.dataset.turn = 'me';
    } else {
      const mover = game[game.toMove === 'WHITE' ? 'white' : 'black'] || {};
      el.turn.textContent = String(mover.id || '').startsWith('ai:')
        ? t('game.thinking', { name: mover.name })
        : t('game.toMove', { color: t('colour.' + game.toMove) });
      el.turn.dataset.turn = game.toMove || '';
    }
    const shaded = !replaying && !over && game.moves.length === 2;
    el.rule.hidden = !shaded;
    el.rule.textContent = t('game.tournamentRule');
    if (over) {
      const reason = game.reason ? ` — ${t('reason.' + game.reason)}` : '';
      el.result.hidden = false;
      el.result.dataset.status = game.status;
      el.result.dataset.reason = game.reason || '';
      el.result.textContent = t('result.' + game.status) + reason;
    } else {
      el.result.hidden = true;
    }
    renderMoves(ply);
    renderActions();
    el.replayBox.hidden = !over;
    el.slider.max = String(game.moves.length);
    el.slider.value = String(ply);
    el.replayLabel.textContent = t('game.moveOf', { n: ply, total: game.moves.length });
    replayButtons.first.title = t('game.first');
    replayButtons.prev.title = t('game.prev');
    replayButtons.next.title = t('game.next');
    replayButtons.last.title = t('game.last');
    const tc = game.timeControl && game.timeControl !== '-' ? game.timeControl : t('lobby.untimed');
    el.meta.textContent = `${t(game.ranked ? 'mode.RANKED' : 'mode.CASUAL')} · ${tc}`;
    el.movesTitle.textContent = t('game.moves');
    el.spectatorsLabel.textContent = t('game.spectators');
    renderSpectators();
    renderClocks();
  }

  function capturedAt(side, ply) {
    let pairs = 0;
    for (const move of game.moves.slice(0, ply)) {
      if (move.color === side) pairs += (move.captured || []).length / 2;
    }
    return pairs;
  }

  function renderMoves(ply) {
    const items = el.moves.children;
    // Moves are only ever added (a snapshot may replace them all): rebuild when they differ.
    const same = items.length <= game.moves.length
      && [...items].every((li, i) => li.dataset.point === game.moves[i].point);
    if (!same) el.moves.replaceChildren();
    for (let i = el.moves.children.length; i < game.moves.length; i++) {
      const move = game.moves[i];
      const captures = (move.captured || []).length / 2;
      const li = h('li', { 'data-ply': move.ply || i + 1, 'data-point': move.point, class: move.color === 'WHITE' ? 'white' : 'black' },
        h('span', { class: 'no' }, `${Math.floor(i / 2) + 1}.`),
        h('span', { class: 'pt' }, move.point),
        captures ? h('span', { class: 'cap', title: t('game.captured') }, ` ×${captures}`) : null,
        (move.announcements || []).length ? h('span', { class: 'ann' }, ' ' + move.announcements.map(a => t('announce.' + a)).join(' ')) : null);
      el.moves.append(li);
    }
    [...el.moves.children].forEach((li, i) => li.classList.toggle('current', i === ply - 1));
    const current = el.moves.children[ply - 1];
    if (current && viewPly === null) {
      el.moves.scrollTop = el.moves.scrollHeight;
    }
  }

  function renderActions() {
    if (!game) return;
    const colour = myColour();
    const over = game.status !== 'ONGOING';
    el.resign.hidden = over || !colour;
    el.resign.textContent = resignArmed ? t('game.resignConfirm') : t('game.resign');
    el.resign.classList.toggle('armed', resignArmed);
    el.rematch.hidden = !over || !colour || game.reason === 'ABORTED';
    el.rematch.textContent = t('game.rematch');
    el.download.hidden = !over;
    el.download.textContent = t('game.download');
  }

  function renderSpectators() {
    el.spectators.textContent = String(spectators);
    el.spectators.dataset.count = String(spectators);
  }

  function renderClocks() {
    if (!game) return;
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const millis = clockNow(side);
      card.clock.textContent = millis === null ? '' : formatClock(millis);
      card.clock.hidden = millis === null;
      card.clock.classList.toggle('low', millis !== null && millis < 30000);
      card.clock.classList.toggle('running', millis !== null && game.status === 'ONGOING' && game.toMove === side);
    }
  }

  function renderStatus() {
    el.status.dataset.state = connection;
    if (connection === 'open') {
      el.status.hidden = true;
    } else {
      el.status.hidden = false;
      el.status.textContent = connection === 'unknown' ? t('game.unknown')
        : connection === 'reconnecting' ? t('game.reconnecting') : t('game.connecting');
    }
  }

  // Tests and curious people: window.pente.game.drop() cuts the socket as a network failure would.
  window.pente = window.pente || {};
  window.pente.game = { drop: () => socket.kick(), version: () => lastVersion, state: () => game };

  renderStatus();
  return {
    unmount() {
      clearInterval(ticker);
      clearPending();
      socket.close();
      if (window.pente) delete window.pente.game;
    },
    retranslate: render,
  };
}
