// The game page's DOM: the board, the players' cards and clocks, turn, result, the pending offer and the
// table's buttons (draw, takeback, abort, claim), presence, moves, replay controls, chat, settings and
// connection status, drawn from a GameState. It holds no game state of its own; what people click goes to
// the handlers it is given.
import { h, svg, formatClock } from './util.js';
import { t } from './i18n.js';
import { createBoard } from './board.js';
import { playerLink } from './ui.js';
import { letter } from './game-state.js';
import { formatGameTimeControl, formatTimeLeft } from './time-control.js';
import { variantName, captureRule } from './variant.js';

const CHAT_MAX = 300;

function playerCard(colour) {
  const side = colour.toLowerCase();
  const name = h('span', { class: 'name', id: `name-${side}` });
  const clock = h('span', { class: 'clock', id: `clock-${side}` }, '–');
  const captured = h('span', { class: 'captured', id: `captured-${side}`, 'data-count': '0' }, '0');
  const capturedLabel = h('span', { class: 'label' });
  const away = h('span', { class: 'away', id: `away-${side}`, hidden: true });
  const card = h('div', { class: `player-card ${side}`, id: `player-${side}` },
    h('span', { class: 'swatch' }), name, clock, h('span', { class: 'pairs' }, capturedLabel, ' ', captured), away);
  return { card, name, clock, captured, capturedLabel, away };
}

/** Replay buttons as SVG shapes (fonts without ⏮/⏭ showed empty boxes). */
function icon(kind) {
  const bar = (xPos) => svg('rect', { x: xPos, y: 3, width: 2.2, height: 14 });
  const left = (x0) => svg('path', { d: `M${x0 + 7} 3 L${x0} 10 L${x0 + 7} 17 Z` });
  const right = (x0) => svg('path', { d: `M${x0} 3 L${x0 + 7} 10 L${x0} 17 Z` });
  const parts = {
    first: [bar(3), left(6), left(12)],
    prev: [left(7)],
    next: [right(6)],
    last: [right(2), right(8), bar(15)],
  }[kind];
  return svg('svg', { class: 'icon', viewBox: '0 0 20 20', width: 18, height: 18, 'aria-hidden': 'true', focusable: 'false' }, ...parts);
}

/**
 * handlers: {onPoint(point), onResign(), onRematch(), onGoTo(ply), onOffer(kind), onAnswer(kind, accept),
 * onAbort(), onClaim(), onChat(text) -> boolean sent, onChatMute(muted), onSound(on), onConfirmMoves(on),
 * onStaffAbort(), onRemoveChat(messageId)} (the last two only reachable with prefs.staff)
 * addons: {panels: [elements under the table's buttons], afterReplay: [elements under the replay controls], notes() -> the board's notes (review, hint),
 * marks() -> the move list's review marks by ply - 1, or null}
 */
export function createGameView(gameId, handlers, addons = {}) {
  const { onPoint, onResign, onRematch, onGoTo } = handlers;
  const board = createBoard({ onPoint });
  let state = null;   // the GameState drawn
  let myId = null;    // who I am, for "(you)" and my colour
  let resignArmed = false;
  let prefs = { chatMuted: false, sound: true, confirmMoves: false, ghost: null, canChat: false, staff: false };

  const button = (id, onclick, cls) => h('button', { id, type: 'button', class: cls, hidden: true, onclick });
  const el = {
    status: h('p', { id: 'conn-status', class: 'conn', hidden: true, role: 'status' }),
    white: playerCard('WHITE'),
    black: playerCard('BLACK'),
    variant: h('p', { id: 'game-variant', class: 'variant-line' }),
    deadline: h('p', { id: 'turn-deadline', class: 'deadline', hidden: true }),
    turn: h('p', { id: 'turn', class: 'turn' }),
    rule: h('p', { id: 'rule-note', class: 'rule-note', hidden: true }),
    announcement: h('p', { id: 'announcement', class: 'announcement', 'aria-live': 'polite' }),
    result: h('div', { id: 'result', class: 'result', hidden: true, role: 'status' }),
    // Why staff ended it (GameEnded.note / the view's endNote), and an annulment: never inside #result.
    endNote: h('p', { id: 'game-end-note', 'data-testid': 'game-end-note', class: 'end-note', hidden: true, role: 'status' }),
    annulled: h('p', { id: 'game-annulled', 'data-testid': 'game-annulled', class: 'end-note annulled', hidden: true, role: 'status' }),
    offer: h('div', { id: 'offer', class: 'offer', hidden: true, role: 'status', 'aria-live': 'polite' }),
    offerText: h('span', { id: 'offer-text' }),
    offerAccept: button('offer-accept', () => state && state.offer && handlers.onAnswer(state.offer.kind, true), 'primary'),
    offerDecline: button('offer-decline', () => state && state.offer && handlers.onAnswer(state.offer.kind, false)),
    presence: h('p', { id: 'presence', class: 'presence', hidden: true, 'aria-live': 'polite' }),
    spectators: h('span', { id: 'spectators', 'data-count': '0' }, '0'),
    spectatorsLabel: h('span', { class: 'label' }),
    moves: h('ol', { id: 'move-list', class: 'move-list' }),
    movesTitle: h('h3', {}),
    resign: button('resign', () => onResign(), 'danger'),
    offerDraw: button('offer-draw', () => handlers.onOffer('DRAW')),
    offerTakeback: button('offer-takeback', () => handlers.onOffer('TAKEBACK')),
    abort: button('abort', () => handlers.onAbort()),
    claim: button('claim-win', () => handlers.onClaim(), 'primary'),
    rematch: button('rematch', () => onRematch()),
    staffAbort: button('staff-abort-game', () => handlers.onStaffAbort && handlers.onStaffAbort(), 'danger staff-action'),
    download: h('a', { id: 'download-record', class: 'button', href: `/api/games/${encodeURIComponent(gameId)}/record`,
      download: `pente-${gameId}.txt`, hidden: true }),
    replayBox: h('div', { id: 'replay', class: 'replay', hidden: true }),
    slider: h('input', { id: 'replay-slider', type: 'range', min: 0, max: 0, value: 0, step: 1 }),
    replayLabel: h('span', { id: 'replay-position' }),
    meta: h('p', { id: 'game-meta', class: 'muted' }),
    chatBox: h('section', { id: 'chat', class: 'chat' }),
    chatTitle: h('h3', { id: 'chat-title' }),
    chatMute: h('button', { id: 'chat-mute', type: 'button', class: 'small', 'aria-pressed': 'false' }),
    chatList: h('ul', { id: 'chat-messages', class: 'chat-messages', 'aria-live': 'polite' }),
    chatNote: h('p', { id: 'chat-note', class: 'muted', hidden: true }),
    chatInput: h('input', { id: 'chat-input', type: 'text', maxlength: CHAT_MAX, autocomplete: 'off' }),
    chatSend: h('button', { id: 'chat-send', type: 'submit' }),
    sound: h('button', { id: 'sound-toggle', type: 'button', class: 'small', 'aria-pressed': 'true' }),
    confirm: h('input', { id: 'confirm-moves', type: 'checkbox' }),
    confirmLabel: h('span', {}),
    confirmHint: h('p', { id: 'confirm-hint', class: 'muted', hidden: true }),
  };
  const current = () => (state ? state.currentPly() : 0);
  const total = () => (state && state.game ? state.game.moves.length : 0);
  const replayButtons = {
    first: h('button', { id: 'replay-first', type: 'button', onclick: () => onGoTo(0) }, icon('first')),
    prev: h('button', { id: 'replay-prev', type: 'button', onclick: () => onGoTo(current() - 1) }, icon('prev')),
    next: h('button', { id: 'replay-next', type: 'button', onclick: () => onGoTo(current() + 1) }, icon('next')),
    last: h('button', { id: 'replay-last', type: 'button', onclick: () => onGoTo(total()) }, icon('last')),
  };
  el.slider.addEventListener('input', () => onGoTo(Number(el.slider.value)));
  el.replayBox.append(replayButtons.first, replayButtons.prev, el.slider, replayButtons.next, replayButtons.last, el.replayLabel);
  el.moves.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-ply]');
    if (li && state && state.over()) onGoTo(Number(li.dataset.ply));
  });
  el.offer.append(el.offerText, h('span', { class: 'row' }, el.offerAccept, el.offerDecline));
  el.staffAbort.dataset.testid = 'staff-abort-game';
  el.chatList.addEventListener('click', (e) => {
    const remove = e.target.closest('button[data-remove]');
    if (remove && prefs.staff && handlers.onRemoveChat) handlers.onRemoveChat(remove.dataset.remove);
  });

  const chatForm = h('form', { id: 'chat-form', class: 'row chat-form' }, el.chatInput, el.chatSend);
  chatForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = el.chatInput.value.trim();
    if (text && handlers.onChat(text)) el.chatInput.value = '';
  });
  el.chatMute.addEventListener('click', () => handlers.onChatMute(!prefs.chatMuted));
  el.chatBox.append(h('div', { class: 'chat-head' }, el.chatTitle, el.chatMute), el.chatList, el.chatNote, chatForm);
  el.sound.addEventListener('click', () => handlers.onSound(!prefs.sound));
  el.confirm.addEventListener('change', () => handlers.onConfirmMoves(el.confirm.checked));
  const settings = h('div', { class: 'settings row' }, el.sound,
    h('label', { class: 'check', for: 'confirm-moves' }, el.confirm, ' ', el.confirmLabel));

  const element = h('section', { class: 'game-page', 'data-game-id': gameId },
    h('div', { class: 'board-wrap' }, board.element, el.confirmHint),
    h('aside', { class: 'side' },
      el.status, el.result, el.endNote, el.annulled,
      el.variant,
      h('div', { class: 'players' }, el.white.card, el.black.card),
      el.turn, el.deadline, el.announcement, el.rule, el.presence, el.offer,
      h('p', { class: 'spectators' }, el.spectatorsLabel, ' ', el.spectators),
      h('div', { class: 'actions' }, el.resign, el.offerDraw, el.offerTakeback, el.abort, el.claim, el.rematch, el.download, el.staffAbort),
      ...(addons.panels || []),
      el.replayBox,
      ...(addons.afterReplay || []),
      h('div', { class: 'moves' }, el.movesTitle, el.moves),
      el.chatBox,
      settings,
      el.meta,
      h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));

  const nameOf = colour => {
    const player = state && state.game && state.game[colour === 'WHITE' ? 'white' : 'black'];
    return (player && player.name) || t('colour.' + colour);
  };

  /** Everything, from the state; `me` is my player id (or null); `options` the page's preferences. */
  function render(gameState, me, options = prefs) {
    state = gameState;
    myId = me;
    prefs = options;
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
      ghost: myTurn && !replaying ? prefs.ghost : null,
      win: state.winningLine(),
      zone,
      interactive: myTurn && !replaying,
      noCursor: over || !colour,
      myColor: colour ? letter(colour) : null,
      notes: addons.notes ? addons.notes() : [],
    });
    el.confirmHint.hidden = !(myTurn && prefs.ghost);
    el.confirmHint.textContent = t('game.confirmHint');
    const variant = state.variant();
    const rule = captureRule(variant);
    el.variant.dataset.variant = variant;
    el.variant.replaceChildren(variantName(variant), ...(game.tournamentId ? [' · ', h('a', { id: 'game-tournament-link',
      href: `#/tournament/${encodeURIComponent(game.tournamentId)}` }, t('tour.game'))] : []));
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const player = game[side.toLowerCase()] || {};
      card.name.replaceChildren(playerLink(player), player.id === myId ? ` (${t('game.you')})` : '');
      // Pente: pairs of 5, Keryo: stones of 15, Gomoku: no captures at all.
      const count = state.captureCount(side);
      card.captured.parentElement.hidden = !rule;
      card.captured.textContent = rule ? `${count}/${rule.goal}` : '';
      card.captured.dataset.count = String(count || 0);
      card.captured.dataset.unit = rule ? rule.unit : '';
      card.capturedLabel.textContent = rule && rule.unit === 'stones' ? t('game.capturedStones') : t('game.captured');
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
    renderAnnouncement();
    renderResult(colour);
    renderOffer(colour);
    renderMoves(ply);
    renderActions();
    el.replayBox.hidden = !over;
    el.slider.max = String(game.moves.length);
    el.slider.value = String(ply);
    el.replayLabel.textContent = t('game.moveOf', { n: ply, total: game.moves.length });
    for (const [key, b] of Object.entries(replayButtons)) {
      b.title = t('game.' + key);
      b.setAttribute('aria-label', t('game.' + key));
    }
    el.slider.setAttribute('aria-label', t('game.replay'));
    el.meta.textContent = `${variantName(variant)} · ${t(game.ranked ? 'mode.RANKED' : 'mode.CASUAL')} · ${formatGameTimeControl(game.timeControl)}`;
    el.movesTitle.textContent = t('game.moves');
    el.spectatorsLabel.textContent = t('game.spectators');
    renderSpectators(state.spectators);
    renderChat();
    renderSettings();
    renderClocks();
  }

  /** Tria/tessera of the move shown: in replay the move at that ply, never the last one's at every ply. */
  function renderAnnouncement() {
    const move = state.moveShown();
    const list = (move && move.announcements) || [];
    el.announcement.dataset.announcement = list.join(',');
    el.announcement.dataset.ply = move ? String(move.ply) : '0';
    el.announcement.textContent = list.length ? `${t('colour.' + move.color)}: ${list.map(a => t('announce.' + a)).join(' ')}` : '';
  }

  function renderResult(colour) {
    const game = state.game;
    if (!state.over()) {
      el.result.hidden = true;
      el.result.dataset.outcome = '';
      return;
    }
    // A capture win is five pairs in Pente, fifteen stones in Keryo.
    const reasonKey = game.reason === 'FIVE_CAPTURES' && state.variant() === 'KERYO' ? 'reason.KERYO_CAPTURES' : 'reason.' + game.reason;
    const reason = game.reason ? ` — ${t(reasonKey)}` : '';
    const won = (game.status === 'WHITE_WINS' && colour === 'WHITE') || (game.status === 'BLACK_WINS' && colour === 'BLACK');
    const outcome = !colour ? '' : game.status === 'DRAW' ? 'draw' : won ? 'won' : 'lost';
    const headline = outcome === 'won' ? t('result.youWon') : outcome === 'lost' ? t('result.youLost') : t('result.' + game.status);
    el.result.hidden = false;
    el.result.dataset.status = game.status;
    el.result.dataset.reason = game.reason || '';
    el.result.dataset.outcome = outcome;
    el.result.textContent = headline + reason;
    renderEndNote();
  }

  /** "Aborted by staff: <note>", a forfeit's note, and "Annulled by <name>: <reason>", for everyone at the table. */
  function renderEndNote() {
    const game = state.game;
    const over = state.over();
    const note = over && typeof game.endNote === 'string' && game.endNote ? game.endNote : '';
    const key = game.reason === 'ABORTED' ? 'game.abortedByStaff' : game.reason === 'FORFEIT' ? 'game.forfeitedByStaff' : 'game.endNote';
    el.endNote.hidden = !note && !(over && game.reason === 'FORFEIT');
    el.endNote.dataset.reason = over ? game.reason || '' : '';
    el.endNote.dataset.note = note;
    el.endNote.textContent = note ? t(key, { note, name: nameOf(loserOf(game)) }) : over && game.reason === 'FORFEIT' ? t('game.forfeited', { name: nameOf(loserOf(game)) }) : '';
    const annulled = game.annulled && typeof game.annulled === 'object' ? game.annulled : null;
    el.annulled.hidden = !annulled;
    el.annulled.dataset.by = annulled ? annulled.by || '' : '';
    el.annulled.textContent = annulled ? (annulled.reason ? t('game.annulledBy', { name: annulled.by || '?', reason: annulled.reason })
      : t('game.annulled')) : '';
  }

  const loserOf = game => (game.status === 'WHITE_WINS' ? 'BLACK' : 'WHITE');

  function renderOffer(colour) {
    const offer = state.offer;
    el.offer.hidden = !offer;
    if (!offer) {
      el.offer.dataset.kind = '';
      el.offer.dataset.from = '';
      return;
    }
    const mine = colour && offer.color === colour;
    const theirs = colour && offer.color !== colour;
    el.offer.dataset.kind = offer.kind;
    el.offer.dataset.from = mine ? 'me' : theirs ? 'opponent' : offer.color;
    el.offerText.textContent = mine ? t(offer.kind === 'DRAW' ? 'game.drawOffered' : 'game.takebackAsked')
      : t(offer.kind === 'DRAW' ? 'game.drawOffer' : 'game.takebackOffer', { name: nameOf(offer.color) });
    el.offerAccept.hidden = !theirs;
    el.offerDecline.hidden = !theirs;
    el.offerAccept.textContent = t('game.accept');
    el.offerDecline.textContent = t('game.decline');
  }

  function renderMoves(ply) {
    const moves = state.game.moves;
    const items = el.moves.children;
    // Moves are added, or taken back (a snapshot may replace them all): rebuild when they differ.
    const same = items.length <= moves.length && [...items].every((li, i) => li.dataset.point === moves[i].point
      && li.dataset.ann === (moves[i].announcements || []).join(','));
    if (!same) el.moves.replaceChildren();
    for (let i = el.moves.children.length; i < moves.length; i++) {
      const move = moves[i];
      // Stones taken (Keryo counts stones, and a move may take a pair and a trio), pairs in Pente.
      const taken = (move.captured || []).length;
      const captures = state.variant() === 'KERYO' ? taken : taken / 2;
      const announcements = move.announcements || [];
      const li = h('li', { 'data-ply': move.ply || i + 1, 'data-point': move.point, 'data-ann': announcements.join(','),
        class: move.color === 'WHITE' ? 'white' : 'black' },
        h('span', { class: 'no' }, `${Math.floor(i / 2) + 1}.`),
        h('span', { class: 'pt' }, move.point),
        captures ? h('span', { class: 'cap', title: t('game.captured') }, ` ×${captures}`) : null,
        announcements.length ? h('span', { class: 'ann' }, ' ' + announcements.map(a => t('announce.' + a)).join(' ')) : null);
      el.moves.append(li);
    }
    [...el.moves.children].forEach((li, i) => {
      const here = i === ply - 1;
      li.classList.toggle('current', here);
      if (here) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    renderMarks();
    const shown = el.moves.children[ply - 1];
    if (shown && state.viewPly === null) {
      el.moves.scrollTop = el.moves.scrollHeight;
    } else if (shown && shown.scrollIntoView) {
      shown.scrollIntoView({ block: 'nearest' });
    }
  }

  /** The review's verdict on each move: a class (colour), a symbol, and the words for screen readers. */
  function renderMarks() {
    const marks = addons.marks ? addons.marks() : null;
    [...el.moves.children].forEach((li, i) => {
      const mark = marks && marks[i];
      const key = mark ? `${mark.cls}|${mark.symbol}|${mark.text}` : '';
      if (li.dataset.markKey === key) return;
      li.dataset.markKey = key;
      li.dataset.reviewClass = mark ? mark.cls : '';
      for (const c of [...li.classList]) if (c.startsWith('cls-')) li.classList.remove(c);
      if (mark) li.classList.add('cls-' + mark.cls);
      li.classList.toggle('missed-win', !!(mark && mark.missedWin));
      li.classList.toggle('first-win', !!(mark && mark.firstWin));
      const old = li.querySelector('.review-mark');
      if (old) old.remove();
      if (mark) {
        li.append(h('span', { class: 'review-mark', title: mark.text },
          h('span', { class: 'symbol', 'aria-hidden': 'true' }, (mark.firstWin ? '⚑' : '') + mark.symbol + (mark.missedWin ? '✗' : '')),
          h('span', { class: 'sr' }, ` (${mark.text})`)));
      }
    });
  }

  function renderActions() {
    if (!state || !state.game) return;
    const game = state.game;
    const colour = state.myColour(myId);
    const over = state.over();
    const live = !over && !!colour;
    const offer = state.offer;
    el.resign.hidden = !live || game.moves.length < 2;
    el.resign.textContent = resignArmed ? t('game.resignConfirm') : t('game.resign');
    el.resign.classList.toggle('armed', resignArmed);
    el.abort.hidden = !live || game.moves.length >= 2;
    el.abort.textContent = t('game.abort');
    el.offerDraw.hidden = !live || game.moves.length < 2 || !!(offer && offer.color === colour);
    el.offerDraw.textContent = t('game.offerDraw');
    el.offerTakeback.hidden = !live || !state.canAskTakeback(myId) || !!(offer && offer.color === colour);
    el.offerTakeback.textContent = t('game.askTakeback');
    const absence = state.abandonment(myId);
    el.claim.hidden = !(absence && absence.claimable);
    el.claim.textContent = t('game.claimWin');
    el.rematch.hidden = !over || !colour || game.reason === 'ABORTED';
    el.rematch.textContent = t('game.rematch');
    el.staffAbort.hidden = !prefs.staff || over;
    el.staffAbort.textContent = t('game.staffAbort');
    el.download.hidden = !over;
    el.download.textContent = t('game.download');
  }

  /** Who has no connection (every second, with the countdown to a claim for their opponent). */
  function renderPresence() {
    if (!state || !state.game) return;
    // Turn-based games have days per move: nobody is expected to stay connected, there is no claim to make.
    const over = state.over() || state.daysPerMove() > 0;
    let text = '';
    let absentSide = '';
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const absent = !over && state.presence && !state.presence[side.toLowerCase()].connected
        && !String((state.game[side.toLowerCase()] || {}).id || '').startsWith('ai:');
      card.away.hidden = !absent;
      card.away.textContent = absent ? t('game.away') : '';
      if (absent && !absentSide) absentSide = side;
    }
    const mine = state.myColour(myId);
    if (absentSide && absentSide !== mine) {
      text = t('game.disconnected', { name: nameOf(absentSide) });
      const absence = state.abandonment(myId);
      if (absence) {
        text += ' ' + (absence.leftMillis > 0 ? t('game.claimIn', { time: formatClock(absence.leftMillis) })
          : absence.claimable ? t('game.claimNow') : t('game.claimOnTheirTurn'));
      }
    }
    el.presence.hidden = !text;
    el.presence.dataset.absent = absentSide;
    el.presence.textContent = text;
    const claimHidden = el.claim.hidden;
    renderActionsIfChanged(claimHidden);
  }

  function renderActionsIfChanged(claimHidden) {
    const absence = state.abandonment(myId);
    if (claimHidden === !(absence && absence.claimable)) return;
    renderActions();
  }

  function renderChat() {
    const colour = state.myColour(myId);
    el.chatTitle.textContent = t(colour ? 'chat.players' : 'chat.spectators');
    el.chatBox.dataset.channel = colour ? 'PLAYERS' : 'SPECTATORS';
    el.chatMute.textContent = prefs.chatMuted ? t('chat.unmute') : t('chat.mute');
    el.chatMute.setAttribute('aria-pressed', String(!!prefs.chatMuted));
    el.chatList.hidden = !!prefs.chatMuted;
    // Staff who do not play this game read both chats (the game service sends them both), each message marked.
    const both = !!prefs.staff && !colour;
    if (both) el.chatTitle.textContent = t('chat.both');
    const messages = prefs.chatMuted ? [] : state.chatShown(myId, both);
    const key = (prefs.staff ? `staff:${t('chat.remove')}:` : '') + messages.map(m => m.id).join(',');
    if (el.chatList.dataset.key !== key) {
      el.chatList.replaceChildren(...messages.map(m => h('li', { 'data-id': m.id, 'data-author': m.authorId || '', 'data-channel': m.channel || '' },
        both ? h('span', { class: 'badge channel' }, t(m.channel === 'PLAYERS' ? 'chat.playersShort' : 'chat.spectatorsShort')) : null,
        both ? ' ' : null,
        h('strong', { class: 'author' }, m.authorName || '?'), ': ', h('span', { class: 'text' }, m.text),
        prefs.staff ? h('button', { type: 'button', class: 'small chat-remove', 'data-remove': m.id, 'data-testid': `chat-remove-${m.id}`,
          title: t('chat.remove'), 'aria-label': t('chat.remove') }, '×') : null)));
      el.chatList.dataset.key = key;
      el.chatList.scrollTop = el.chatList.scrollHeight;
    }
    const note = prefs.chatMuted ? t('chat.muted') : !prefs.canChat ? t('chat.signIn')
      : messages.length === 0 ? t('chat.empty') : '';
    el.chatNote.hidden = !note;
    el.chatNote.textContent = note;
    el.chatInput.disabled = !prefs.canChat || !!prefs.chatMuted;
    el.chatSend.disabled = el.chatInput.disabled;
    el.chatInput.placeholder = t('chat.placeholder');
    el.chatInput.setAttribute('aria-label', t('chat.placeholder'));
    el.chatSend.textContent = t('chat.send');
  }

  function renderSettings() {
    el.sound.textContent = prefs.sound ? t('game.soundOn') : t('game.soundOff');
    el.sound.setAttribute('aria-pressed', String(!!prefs.sound));
    el.confirm.checked = !!prefs.confirmMoves;
    el.confirmLabel.textContent = t('game.confirmMoves');
  }

  function renderSpectators(count) {
    el.spectators.textContent = String(count);
    el.spectators.dataset.count = String(count);
  }

  function renderClocks() {
    if (!state || !state.game) return;
    const replaying = state.viewPly !== null;
    if (state.daysPerMove()) {
      renderDeadline(replaying);
      renderPresence();
      return;
    }
    el.deadline.hidden = true;
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const millis = state.clockShown(side);
      card.clock.textContent = millis === null ? '' : formatClock(millis);
      card.clock.dataset.millis = millis === null ? '' : String(Math.round(millis));
      card.clock.hidden = millis === null;
      card.clock.classList.toggle('low', millis !== null && millis < 30000 && !replaying);
      card.clock.classList.toggle('running', millis !== null && !replaying && state.game.status === 'ONGOING' && state.game.toMove === side);
    }
    renderPresence();
  }

  /**
   * A turn-based game: the side to move has until a deadline ("2 days 3 h left"), the other side's card says the
   * time control; no seconds ticking. The deadline is the server's (vacation days included) when it sent one.
   */
  function renderDeadline(replaying) {
    const game = state.game;
    const over = state.over();
    const deadline = state.deadlineMillis();
    const left = deadline === null ? null : deadline - Date.now();
    for (const side of ['WHITE', 'BLACK']) {
      const card = side === 'WHITE' ? el.white : el.black;
      const moving = !over && !replaying && game.toMove === side;
      card.clock.hidden = false;
      card.clock.textContent = moving && left !== null ? formatTimeLeft(left) : formatGameTimeControl(game.timeControl);
      card.clock.dataset.millis = moving && left !== null ? String(Math.round(left)) : '';
      card.clock.classList.add('days');
      card.clock.classList.toggle('low', moving && left !== null && left < 3600000);
      card.clock.classList.toggle('running', moving);
    }
    el.deadline.hidden = over || replaying || deadline === null;
    el.deadline.dataset.deadline = deadline === null ? '' : new Date(deadline).toISOString();
    el.deadline.textContent = deadline === null ? '' : t('game.deadline', {
      time: new Date(deadline).toLocaleString([], { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }) });
  }

  function renderStatus(connection, detail) {
    el.status.dataset.state = connection;
    if (connection === 'open') {
      el.status.hidden = true;
    } else {
      el.status.hidden = false;
      el.status.textContent = connection === 'unknown' ? t('game.unknown')
        : connection === 'waiting' ? t('game.waitingStart')
          : connection === 'failed' ? t('game.failed', { reason: detail || '' })
            : connection === 'reconnecting' ? t('game.reconnecting') : t('game.connecting');
    }
  }

  /** The resign button asks for a second click within a few seconds. */
  function armResign(armed) {
    resignArmed = armed;
    renderActions();
  }

  return { element, render, renderClocks, renderSpectators, renderStatus, renderActions, armResign,
    flash: point => board.flash(point), focusBoard: () => board.element.focus(),
    resignArmed: () => resignArmed };
}
