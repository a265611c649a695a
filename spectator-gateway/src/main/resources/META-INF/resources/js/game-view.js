// The game page's DOM: the board, the players' cards and clocks, turn, result, moves, replay controls and
// connection status, drawn from a GameState. It holds no game state of its own; what people click goes
// to the handlers it is given.
import { h, formatClock } from './util.js';
import { t } from './i18n.js';
import { createBoard } from './board.js';
import { playerLink } from './ui.js';
import { letter } from './game-state.js';

function playerCard(colour) {
  const side = colour.toLowerCase();
  const name = h('span', { class: 'name', id: `name-${side}` });
  const clock = h('span', { class: 'clock', id: `clock-${side}` }, '–');
  const captured = h('span', { class: 'captured', id: `captured-${side}`, 'data-count': '0' }, '0');
  const capturedLabel = h('span', { class: 'label' });
  const card = h('div', { class: `player-card ${side}`, id: `player-${side}` },
    h('span', { class: 'swatch' }), name, clock, h('span', { class: 'pairs' }, capturedLabel, ' ', captured));
  return { card, name, clock, captured, capturedLabel };
}

/** handlers: {onPoint(point), onResign(), onRematch(), onGoTo(ply)} */
export function createGameView(gameId, { onPoint, onResign, onRematch, onGoTo }) {
  const board = createBoard({ onPoint });
  let state = null;   // the GameState drawn
  let myId = null;    // who I am, for "(you)" and my colour
  let resignArmed = false;

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
    resign: h('button', { id: 'resign', type: 'button', class: 'danger', hidden: true, onclick: () => onResign() }),
    rematch: h('button', { id: 'rematch', type: 'button', hidden: true, onclick: () => onRematch() }),
    download: h('a', { id: 'download-record', class: 'button', href: `/api/games/${encodeURIComponent(gameId)}/record`,
      download: `pente-${gameId}.txt`, hidden: true }),
    replayBox: h('div', { id: 'replay', class: 'replay', hidden: true }),
    slider: h('input', { id: 'replay-slider', type: 'range', min: 0, max: 0, value: 0, step: 1 }),
    replayLabel: h('span', { id: 'replay-position' }),
    meta: h('p', { id: 'game-meta', class: 'muted' }),
  };
  const current = () => (state ? state.currentPly() : 0);
  const replayButtons = {
    first: h('button', { id: 'replay-first', type: 'button', onclick: () => onGoTo(0) }, '⏮'),
    prev: h('button', { id: 'replay-prev', type: 'button', onclick: () => onGoTo(current() - 1) }, '◀'),
    next: h('button', { id: 'replay-next', type: 'button', onclick: () => onGoTo(current() + 1) }, '▶'),
    last: h('button', { id: 'replay-last', type: 'button', onclick: () => onGoTo(state && state.game ? state.game.moves.length : 0) }, '⏭'),
  };
  el.slider.addEventListener('input', () => onGoTo(Number(el.slider.value)));
  el.replayBox.append(replayButtons.first, replayButtons.prev, el.slider, replayButtons.next, replayButtons.last, el.replayLabel);
  el.moves.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-ply]');
    if (li && state && state.over()) onGoTo(Number(li.dataset.ply));
  });

  const element = h('section', { class: 'game-page', 'data-game-id': gameId },
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

  /** Everything, from the state; `me` is my player id (or null). */
  function render(gameState, me) {
    state = gameState;
    myId = me;
    const game = state.game;
    if (!game) return;
    const over = state.over();
    const colour = state.myColour(myId);
    const ply = state.currentPly();
    const replaying = state.viewPly !== null;
    const lastMove = ply > 0 ? game.moves[ply - 1] : null;
    const pending = state.pending;
    const myTurn = !over && !!colour && game.toMove === colour && !pending;
    const zone = state.zone();
    board.element.dataset.ply = String(game.ply);
    board.element.dataset.version = String(state.lastVersion);
    board.render({
      stones: state.stonesShown(),
      last: lastMove ? lastMove.point : null,
      lastCaptured: replaying ? (lastMove ? lastMove.captured || [] : []) : state.lastCaptured,
      pending: pending && pending.point,
      zone,
      interactive: myTurn && !replaying,
      myColor: colour ? letter(colour) : null,
    });
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const player = game[side.toLowerCase()] || {};
      card.name.replaceChildren(playerLink(player), player.id === myId ? ` (${t('game.you')})` : '');
      const pairs = replaying ? state.capturedAt(side, ply) : (game.capturedPairs[side.toLowerCase()] || 0);
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
    el.rule.hidden = !zone;
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
    renderSpectators(state.spectators);
    renderClocks();
  }

  function renderMoves(ply) {
    const moves = state.game.moves;
    const items = el.moves.children;
    // Moves are only ever added (a snapshot may replace them all): rebuild when they differ.
    const same = items.length <= moves.length && [...items].every((li, i) => li.dataset.point === moves[i].point);
    if (!same) el.moves.replaceChildren();
    for (let i = el.moves.children.length; i < moves.length; i++) {
      const move = moves[i];
      const captures = (move.captured || []).length / 2;
      const li = h('li', { 'data-ply': move.ply || i + 1, 'data-point': move.point, class: move.color === 'WHITE' ? 'white' : 'black' },
        h('span', { class: 'no' }, `${Math.floor(i / 2) + 1}.`),
        h('span', { class: 'pt' }, move.point),
        captures ? h('span', { class: 'cap', title: t('game.captured') }, ` ×${captures}`) : null,
        (move.announcements || []).length ? h('span', { class: 'ann' }, ' ' + move.announcements.map(a => t('announce.' + a)).join(' ')) : null);
      el.moves.append(li);
    }
    [...el.moves.children].forEach((li, i) => li.classList.toggle('current', i === ply - 1));
    if (el.moves.children[ply - 1] && state.viewPly === null) {
      el.moves.scrollTop = el.moves.scrollHeight;
    }
  }

  function renderActions() {
    if (!state || !state.game) return;
    const colour = state.myColour(myId);
    const over = state.over();
    el.resign.hidden = over || !colour;
    el.resign.textContent = resignArmed ? t('game.resignConfirm') : t('game.resign');
    el.resign.classList.toggle('armed', resignArmed);
    el.rematch.hidden = !over || !colour || state.game.reason === 'ABORTED';
    el.rematch.textContent = t('game.rematch');
    el.download.hidden = !over;
    el.download.textContent = t('game.download');
  }

  function renderSpectators(count) {
    el.spectators.textContent = String(count);
    el.spectators.dataset.count = String(count);
  }

  function renderClocks() {
    if (!state || !state.game) return;
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const millis = state.clockNow(side);
      card.clock.textContent = millis === null ? '' : formatClock(millis);
      card.clock.hidden = millis === null;
      card.clock.classList.toggle('low', millis !== null && millis < 30000);
      card.clock.classList.toggle('running', millis !== null && state.game.status === 'ONGOING' && state.game.toMove === side);
    }
  }

  function renderStatus(connection) {
    el.status.dataset.state = connection;
    if (connection === 'open') {
      el.status.hidden = true;
    } else {
      el.status.hidden = false;
      el.status.textContent = connection === 'unknown' ? t('game.unknown')
        : connection === 'reconnecting' ? t('game.reconnecting') : t('game.connecting');
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

  /** The resign button asks for a second click within a few seconds. */
  function armResign(armed) {
    resignArmed = armed;
    renderActions();
  }

  return { element, render, renderClocks, renderSpectators, renderStatus, renderActions, announce, armResign,
    resignArmed: () => resignArmed };
}
