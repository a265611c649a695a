// Post-game review on a finished game's page (#/game/{id} once over, #/replay/{id}): "Review" sends the
// move list to POST /api/ai/review and shows the engine's verdict: the evaluation graph, each move's class
// in the move list, a summary per side, when a forced win appeared and where one was missed, and at the ply
// replayed the side to move's best move and line on the board (ghost stones, numbered; can be hidden).
import { h, store } from './util.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { describeError } from './ui.js';
import { createEvalGraph, classKey } from './eval-graph.js';

const LINE_SHOWN = 6;        // the best move and the next five of its line
const SYMBOLS = { BEST: '★', GOOD: '✓', INACCURACY: '?!', MISTAKE: '?', BLUNDER: '??', FORCED: '□' };
const reviews = new Map();   // game id -> review JSON, while the page is open (a finished game does not change)

const movesText = game => game.moves.map(m => m.point).join(' ');

/** onGoTo(ply) replays a ply; onChange() redraws the page (the board's notes, the move list's marks). */
export function createReview(gameId, { onGoTo, onChange }) {
  let review = reviews.get(gameId) || null;
  let status = review ? 'ready' : 'idle';   // idle | loading | ready | failed
  let message = '';
  let retryTimer = null;
  let state = null;

  const graph = createEvalGraph({ onGoTo });
  const el = {
    button: h('button', { id: 'review-button', type: 'button', class: 'primary', onclick: start }),
    status: h('p', { id: 'review-status', class: 'review-status muted', role: 'status', 'aria-live': 'polite' }),
    title: h('h3', {}),
    summary: h('table', { id: 'review-summary', class: 'review-summary' }),
    firstWin: h('p', { id: 'review-first-win', class: 'review-first-win', hidden: true }),
    best: h('p', { id: 'review-best-text', class: 'review-best-text', 'aria-live': 'polite' }),
    toggle: h('input', { id: 'review-show-best', type: 'checkbox' }),
    toggleLabel: h('span', {}),
    legend: h('p', { id: 'review-legend', class: 'review-legend muted' }),
  };
  el.toggle.checked = store.get('reviewBest', true) !== false;
  el.toggle.addEventListener('change', () => { store.set('reviewBest', el.toggle.checked); onChange(); });
  const results = h('div', { id: 'review-results', class: 'review-results', hidden: true },
    el.title, graph.element, el.legend, el.firstWin, el.best,
    h('label', { class: 'check', for: 'review-show-best' }, el.toggle, ' ', el.toggleLabel), el.summary);
  const element = h('section', { id: 'review', class: 'review', hidden: true }, el.button, el.status, results);

  /** The review, when it is of the moves on this page (a takeback cannot happen after the end, but be sure). */
  function current() {
    if (!review || !state || !state.game || !Array.isArray(review.moves)) return null;
    const moves = state.game.moves;
    if (review.moves.length !== moves.length || review.moves.some((m, i) => m.move !== moves[i].point)) return null;
    return review;
  }

  async function start() {
    if (!state || !state.game || !state.over() || status === 'loading') return;
    status = 'loading';
    message = '';
    draw();
    try {
      const answer = await api('/api/ai/review', { method: 'POST', body: { moves: movesText(state.game) } });
      if (!answer || !Array.isArray(answer.moves)) throw new Error('no review in the answer');
      review = answer;
      reviews.set(gameId, answer);
      if (reviews.size > 20) reviews.delete(reviews.keys().next().value); // the oldest
      status = 'ready';
    } catch (e) {
      status = 'failed';
      message = refusal(e);
    }
    onChange();
  }

  /** A refusal said politely; after a Retry-After the button comes back by itself. */
  function refusal(e) {
    if (e && e.status === 401) return t('review.signIn');
    if (e && (e.status === 429 || e.status === 503)) {
      const seconds = e.retryAfter || 10;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => { retryTimer = null; draw(); }, seconds * 1000);
      return t(e.status === 429 ? 'review.tooMany' : 'review.busy', { s: seconds });
    }
    if (e && e.status === 400) return t('review.refused');
    return describeError(e);
  }

  /** The page's state changed (or the language): redraw what the review shows. */
  function update(gameState) {
    state = gameState;
    draw();
  }

  function draw() {
    const game = state && state.game;
    const over = !!game && state.over() && game.moves.length > 0;
    element.hidden = !over;
    if (!over) return;
    const shown = current();
    const ply = state.currentPly();
    el.button.hidden = !!shown;
    el.button.textContent = t(status === 'loading' ? 'review.working' : 'review.start');
    el.button.disabled = status === 'loading' || !!retryTimer; // no new try before the Retry-After has passed
    el.status.hidden = status === 'ready' || status === 'idle';
    el.status.dataset.state = status;
    el.status.textContent = status === 'loading' ? t('review.waiting') : message;
    results.hidden = !shown;
    if (!shown) return;
    el.title.textContent = t('review.title');
    graph.render(shown, ply);
    el.legend.replaceChildren(...['INACCURACY', 'MISTAKE', 'BLUNDER'].map(c => h('span', { class: `legend cls-${classKey(c)}` },
      h('span', { class: 'symbol', 'aria-hidden': 'true' }, SYMBOLS[c]), ' ', t('review.class.' + c))),
    h('span', { class: 'legend missed-win' }, h('span', { class: 'symbol', 'aria-hidden': 'true' }, '✗'), ' ', t('review.missedWin')));
    const win = shown.firstWin;
    el.firstWin.hidden = !win;
    el.firstWin.textContent = win ? t('review.firstWinAt', { n: win.ply, color: t('colour.' + win.color), move: win.move }) : '';
    el.toggleLabel.textContent = t('review.showBest');
    el.best.textContent = bestText(shown, ply);
    drawSummary(shown);
  }

  /** "Best for Black here: L11 (line L11 M12 …). Played: M9, a mistake." at the ply replayed. */
  function bestText(shown, ply) {
    const next = shown.moves[ply];
    if (!next) return t('review.end');
    const line = (next.line || []).slice(0, LINE_SHOWN).join(' ');
    return t('review.bestHere', { color: t('colour.' + next.color), move: next.best || '?', line: line || next.best || '?' })
      + ' ' + t('review.played', { move: next.move, cls: t('review.class.' + (next.class || 'GOOD')) });
  }

  function drawSummary(shown) {
    const summary = shown.summary || {};
    const name = side => {
      const player = state.game[side === 'WHITE' ? 'white' : 'black'];
      return (player && player.name) || t('colour.' + side);
    };
    const cell = (side, key) => {
      const value = summary[side] && summary[side][key];
      return typeof value === 'number' ? (key === 'accuracy' ? `${value.toFixed(1)}%` : String(value)) : '–';
    };
    const rows = ['inaccuracies', 'mistakes', 'blunders', 'missedWins', 'accuracy'];
    el.summary.replaceChildren(
      h('caption', { class: 'sr' }, t('review.summary')),
      h('thead', {}, h('tr', {}, h('td', {}),
        ...['WHITE', 'BLACK'].map(side => h('th', { scope: 'col', 'data-side': side }, name(side))))),
      h('tbody', {}, ...rows.map(key => h('tr', { 'data-row': key }, h('th', { scope: 'row' }, t('review.' + key)),
        ...['WHITE', 'BLACK'].map(side => h('td', { 'data-side': side }, cell(side, key)))))));
  }

  /** The board's notes at the ply shown: the side to move's best move (1) and its line (2, 3, …). */
  function notes() {
    const shown = current();
    if (!shown || !el.toggle.checked || !state.over()) return [];
    const ply = state.currentPly();
    const next = shown.moves[ply];
    if (!next || !next.best) return [];
    const line = Array.isArray(next.line) && next.line[0] === next.best ? next.line : [next.best, ...(next.line || [])];
    const mover = next.color === 'BLACK' ? 'B' : 'W';
    return line.slice(0, LINE_SHOWN).map((point, i) => ({
      point, kind: i === 0 ? 'best' : 'line', label: String(i + 1),
      stone: i % 2 === 0 ? mover : (mover === 'W' ? 'B' : 'W'),
      title: i === 0 ? t('review.bestMove', { move: point }) : t('review.lineMove', { n: i + 1, move: point }),
    }));
  }

  /** The move list's marks, by ply - 1: {cls, symbol, text, missedWin, firstWin}; null before a review. */
  function marks() {
    const shown = current();
    if (!shown || !state.over()) return null;
    const win = shown.firstWin;
    return shown.moves.map((m, i) => ({
      cls: classKey(m.class),
      symbol: SYMBOLS[m.class] || '',
      text: t('review.class.' + (m.class || 'GOOD')) + (m.missedWin ? ` · ${t('review.missedWin')}` : '')
        + (win && win.ply === i + 1 ? ` · ${t('review.firstWin')}` : ''),
      missedWin: !!m.missedWin,
      firstWin: !!(win && win.ply === i + 1),
    }));
  }

  return {
    element, update, notes, marks,
    unmount() { clearTimeout(retryTimer); },
  };
}
