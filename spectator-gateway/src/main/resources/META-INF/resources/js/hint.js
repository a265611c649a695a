// A hint in a casual game against the computer: "Hint (n left)" on my turn asks POST /api/ai/hints/{id}
// for the engine's move, drawn on the board as a marked ghost stone (clicking its point plays it, any other
// move ignores it). The count is the game service's (GET on load); the button says why when it cannot help.
import { h } from './util.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { describeError } from './ui.js';

/** Whether hints can apply at all: an unranked game I play against the computer (ai:<level>). */
function eligible(game, colour) {
  if (!game || !colour || game.ranked) return false;
  const opponent = game[colour === 'WHITE' ? 'black' : 'white'];
  return !!opponent && String(opponent.id || '').startsWith('ai:');
}

/**
 * Whether the service's count says this game never gives me hints; allowed=false for "not your turn" or
 * "none left" is about now, not about the game.
 */
const never = counts => !!counts && counts.allowed === false && ['NOT_A_PLAYER', 'HINTS_NOT_ALLOWED'].includes(counts.reason);

/** onChange() redraws the page (the board's hint mark). */
export function createHint(gameId, { onChange }) {
  let counts = null;      // {allowed, reason, hintsLeft, hintsPerGame} from the service
  let loading = false;    // the count is being asked for
  let asking = false;     // a hint is being searched
  let hint = null;        // {move, line, ply}: the hint for the position after `ply` moves
  let message = '';
  let retryTimer = null;
  let countTimer = null;  // a failed count GET is asked again when it fires (Retry-After, else 5 s, doubling to 60 s)
  let countDelay = 0;
  let state = null;
  let colour = null;

  const el = {
    button: h('button', { id: 'hint-button', type: 'button', onclick: ask }),
    note: h('p', { id: 'hint-note', class: 'hint-note muted', role: 'status', 'aria-live': 'polite' }),
  };
  const element = h('div', { id: 'hint', class: 'hint', hidden: true }, el.button, el.note);

  const plies = () => (state && state.game ? state.game.moves.length : 0);
  const myTurn = () => !!state && !!state.game && !state.over() && state.game.toMove === colour && !state.pending
    && state.viewPly === null;

  async function loadCount() {
    if (loading || counts || countTimer) return;
    loading = true;
    try {
      counts = await api(`/api/ai/hints/${encodeURIComponent(gameId)}`);
      message = '';
      countDelay = 0;
    } catch (e) {
      counts = null;
      message = e && e.status === 404 ? '' : describeError(e);
      // One failure (a 429 of the gateway, a game service restarting) must not hide the hint for good: ask again.
      countDelay = e && e.retryAfter ? e.retryAfter : Math.min(60, countDelay ? countDelay * 2 : 5);
      countTimer = setTimeout(() => { countTimer = null; retryCount(); }, countDelay * 1000);
    } finally {
      loading = false;
    }
    onChange();
  }

  /** The retry of a failed count, if the game still qualifies (else the next update asks). */
  function retryCount() {
    if (counts || loading) return;
    if (eligible(state && state.game, colour) && !state.over()) {
      message = '';
      loadCount();
    }
  }

  async function ask() {
    if (asking || !myTurn() || !counts || counts.hintsLeft <= 0) return;
    asking = true;
    message = '';
    const ply = plies();
    draw();
    try {
      const answer = await api(`/api/ai/hints/${encodeURIComponent(gameId)}`, { method: 'POST' });
      counts = { ...counts, hintsLeft: answer.hintsLeft, hintsPerGame: answer.hintsPerGame ?? counts.hintsPerGame };
      hint = answer.move ? { move: answer.move, line: answer.line || [], ply } : null;
    } catch (e) {
      message = refusal(e);
    } finally {
      asking = false;
    }
    onChange();
  }

  function refusal(e) {
    const code = e && e.body && e.body.error;
    if (code === 'NO_HINTS_LEFT') {
      counts = { ...counts, hintsLeft: 0 };
      return '';
    }
    if (code === 'NOT_YOUR_TURN') return t('hint.notYourTurn');
    if (code === 'GAME_OVER') return t('error.GAME_OVER');
    if (code === 'HINTS_NOT_ALLOWED' || code === 'NOT_A_PLAYER') {
      counts = { ...counts, allowed: false, reason: code };
      return t('hint.notAllowed');
    }
    if (e && (e.status === 429 || e.status === 503)) {
      const seconds = e.retryAfter || 5;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => { retryTimer = null; draw(); }, seconds * 1000);
      return t('hint.busy', { s: seconds });
    }
    return describeError(e);
  }

  /** The page's state changed: ask for the count once the game qualifies, drop a hint once a move is made. */
  function update(gameState, me) {
    state = gameState;
    colour = state && state.myColour(me);
    if (hint && hint.ply !== plies()) hint = null;
    // Until the count is known: asked now, or again once a failed GET's retry delay has passed (loadCount waits for it).
    if (eligible(state && state.game, colour) && !state.over() && !counts && !loading && !countTimer) loadCount();
    draw();
  }

  function draw() {
    const game = state && state.game;
    const show = eligible(game, colour) && !state.over() && !!counts && !never(counts);
    element.hidden = !show && !message;
    if (!show) {
      el.button.hidden = true;
      el.note.textContent = message;
      return;
    }
    const left = Math.max(0, Number(counts.hintsLeft) || 0);
    el.button.hidden = false;
    el.button.textContent = asking ? t('hint.thinking') : t('hint.button', { n: left });
    el.button.dataset.left = String(left);
    const why = left === 0 ? t('hint.noneLeft', { n: counts.hintsPerGame ?? 0 }) : !myTurn() ? t('hint.waitTurn') : '';
    el.button.disabled = asking || !!why || !!retryTimer || (!!hint && hint.ply === plies());
    el.button.title = why;
    el.note.textContent = message || (hint ? t('hint.shown', { move: hint.move }) : why);
    el.note.dataset.kind = message ? 'error' : '';
  }

  /** The board's note: the hint's ghost stone in my colour, while the position is the one it is for. */
  function notes() {
    if (!hint || hint.ply !== plies() || !myTurn()) return [];
    return [{ point: hint.move, kind: 'hint', stone: colour === 'BLACK' ? 'B' : 'W', label: '?',
      title: t('hint.shown', { move: hint.move }) }];
  }

  return {
    element, update, notes,
    unmount() { clearTimeout(retryTimer); clearTimeout(countTimer); },
  };
}
