// A player's profile (rating, record, history drawn as an SVG chart) and the invitation page.
import { h, svg } from './util.js';
import { t, translatePage } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, describeError, errorKey, knownName } from './ui.js';
import { formatOffered } from './time-control.js';
import { variantName } from './variant.js';

/** "Keryo-Pente · turn-based" for a rating category id (pente-live, keryo-turn, gomoku-live, ...). */
export function categoryName(id) {
  const [variant, speed] = String(id || 'pente-live').split('-');
  return `${variantName(variant)} · ${t(speed === 'turn' ? 'tc.turnBased' : 'tc.live')}`;
}

/** Each rating category the player has (the rating service's "categories"), pente-live first. */
function categoriesTable(categories) {
  const order = ['pente', 'keryo', 'gomoku'];
  const rank = c => order.indexOf(String(c.category).split('-')[0]) * 2 + (String(c.category).endsWith('-turn') ? 1 : 0);
  const rows = [...categories].filter(c => c && c.category).sort((a, b) => rank(a) - rank(b));
  return h('table', { id: 'profile-categories', class: 'leaderboard categories' },
    h('thead', {}, h('tr', {}, h('th', {}, t('profile.category')), h('th', {}, t('lb.rating')), h('th', {}, t('lb.games')),
      h('th', {}, t('profile.wld')))),
    h('tbody', {}, rows.map(c => h('tr', { 'data-category': c.category },
      h('td', {}, categoryName(c.category)),
      h('td', { class: 'rating' }, String(c.rating), c.provisional ? h('abbr', { class: 'provisional-mark', title: t('lb.provisional') }, '?') : null),
      h('td', {}, String(c.games ?? 0)),
      h('td', { class: 'muted' }, `${c.wins ?? 0} / ${c.losses ?? 0} / ${c.draws ?? 0}`)))));
}

/** Rating after each game, oldest first, as a line with a dot per game. */
export function ratingChart(history) {
  const points = [...history].reverse();
  const W = 640;
  const H = 240;
  const pad = { l: 46, r: 14, t: 14, b: 28 };
  const values = points.flatMap(p => [p.before, p.after]);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (max - min < 40) {
    min -= 20;
    max += 20;
  }
  const span = max - min;
  const x = i => pad.l + (points.length === 1 ? (W - pad.l - pad.r) / 2 : i * (W - pad.l - pad.r) / (points.length - 1));
  const y = v => pad.t + (max - v) * (H - pad.t - pad.b) / span;
  const chart = svg('svg', { id: 'rating-chart', class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': t('profile.history') });
  const ticks = 4;
  for (let i = 0; i <= ticks; i++) {
    const v = Math.round(min + (span * i) / ticks);
    chart.append(svg('line', { class: 'gridline', x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v) }));
    chart.append(svg('text', { class: 'axis', x: pad.l - 6, y: y(v) + 4, 'text-anchor': 'end' }, v));
  }
  chart.append(svg('text', { class: 'axis', x: pad.l, y: H - 8 }, points.length ? `${t('profile.game')} ${points[0].game}` : ''));
  if (points.length > 1) {
    chart.append(svg('text', { class: 'axis', x: W - pad.r, y: H - 8, 'text-anchor': 'end' }, `${t('profile.game')} ${points[points.length - 1].game}`));
  }
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.after).toFixed(1)}`).join(' ');
  chart.append(svg('path', { class: 'line', d: path }));
  points.forEach((p, i) => {
    chart.append(svg('circle', { class: 'dot ' + String(p.outcome || '').toLowerCase(), cx: x(i), cy: y(p.after), r: 3.5,
      'data-game-id': p.gameId }, svg('title', {}, `${t('profile.game')} ${p.game}: ${p.before} → ${p.after} (${p.change >= 0 ? '+' : ''}${p.change})`)));
  });
  return chart;
}

/** The heading of a profile: the rating service's name, else a name seen on this page load, else a readable fallback. */
function headingFor(playerId, profile, lookedUp) {
  if (profile && profile.name && profile.name !== playerId) return profile.name;
  const session = auth.current();
  if (session && session.id === playerId) return session.name;
  return knownName(playerId) || lookedUp || t('profile.unnamed');
}

export function mountProfile(container, playerId) {
  const body = h('div', { id: 'profile-body' }, h('p', { class: 'muted' }, t('common.loading')));
  container.replaceChildren(h('section', { class: 'profile', 'data-player-id': playerId }, body,
    h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));
  let profile = null;
  let failure = null;
  let lookedUp = null; // the name the player's games give, for one without a rating
  let alive = true;

  function render() {
    if (!alive) return;
    const session = auth.current();
    const own = !!(session && session.id === playerId);
    const heading = h('h2', { id: 'profile-name' }, headingFor(playerId, profile, lookedUp),
      own ? h('span', { class: 'badge', id: 'profile-own' }, t('profile.you')) : null);
    if (failure) {
      body.replaceChildren(heading, h('p', { class: 'muted', id: 'profile-empty' },
        failure.status === 404 ? t('profile.none') : describeError(failure)));
      return;
    }
    if (!profile) return;
    const p = profile;
    const record = (r) => t('profile.record', { w: r.wins, l: r.losses, d: r.draws, n: r.games });
    body.replaceChildren(
      heading,
      h('p', { class: 'rating' }, `${t('profile.rating')}: `, h('strong', { id: 'profile-rating' }, String(p.rating)),
        p.provisional ? h('span', { class: 'muted' }, ` (${t('profile.provisional')})`) : null),
      h('p', {}, record(p)),
      h('p', {}, `${t('profile.asWhite')}: ${record(p.asWhite)}`),
      h('p', {}, `${t('profile.asBlack')}: ${record(p.asBlack)}`),
      ...(Array.isArray(p.categories) && p.categories.length
        ? [h('h3', { id: 'profile-categories-title' }, t('profile.categories')), categoriesTable(p.categories)] : []),
      h('h3', {}, t('profile.history')),
      p.history && p.history.length ? ratingChart(p.history) : h('p', { class: 'muted' }, t('profile.none')),
      h('ol', { class: 'history', reversed: true }, (p.history || []).slice(0, 20).map(e => h('li', {
        'data-cause': e.cause || 'GAME', class: e.annulled && e.cause !== 'ANNULMENT' ? 'annulled' : null },
        h('a', { href: `#/replay/${encodeURIComponent(e.gameId)}` }, `${t('profile.game')} ${e.game}`),
        ` ${t('colour.' + e.colour) || e.colour} · ${e.before} → ${e.after} (${e.change >= 0 ? '+' : ''}${e.change})`,
        // An annulled game's reversal, and the game it reversed (the rating service sends both lines).
        e.cause === 'ANNULMENT' ? h('span', { class: 'badge' }, t('profile.annulment'))
          : e.annulled ? h('span', { class: 'badge' }, t('profile.annulledGame')) : null))));
  }

  /** No rating yet: the player's own games (live or finished) say what they are called. */
  async function lookUpName() {
    for (const status of ['live', 'finished']) {
      try {
        const games = await api(`/api/games?status=${status}&player=${encodeURIComponent(playerId)}&limit=5`, { auth: false });
        for (const g of games || []) {
          const p = [g.white, g.black].find(x => x && x.id === playerId && x.name);
          if (p) return p.name;
        }
      } catch (e) {
        return null;
      }
    }
    return null;
  }

  api(`/api/ratings/players/${encodeURIComponent(playerId)}?history=200`, { auth: false })
    .then(answer => { profile = answer; render(); })
    .catch(async (e) => {
      failure = e;
      render();
      if (!knownName(playerId) && !(auth.current() && auth.current().id === playerId)) {
        lookedUp = await lookUpName();
        render();
      }
    });

  return {
    unmount() { alive = false; },
    sessionChanged: render,
    retranslate: () => { translatePage(container); render(); },
  };
}

// --- the invitation page ------------------------------------------------------------------------------
// What a visitor can do with an invitation link depends on who they are: the invitee joins (by themselves once
// per visit when nothing stands in the way), a visitor without a session signs in (ranked) or may continue as
// a guest (casual), the inviter sees their own invitation and may withdraw it. A refusal is shown in the
// reader's language and never retried without a click; once accepted, the page waits for the game to exist.

const GAME_WAIT_MILLIS = 60000;

/** Refusals that no retry will change (matchmaking's stable codes). */
const FINAL_REFUSALS = new Set(['UNKNOWN_INVITATION', 'OWN_INVITATION', 'RANKED_NEEDS_ACCOUNT', 'NOT_THE_INVITEE',
  'INVITATION_USED', 'INVITATION_CANCELLED', 'INVITATION_EXPIRED', 'INVITATION_DECLINED', 'INVITATION_FAILED']);

export function mountInvite(container, code) {
  const title = h('h2', { id: 'invite-title' }, t('invite.title'));
  const info = h('div', { id: 'invite-info' }, h('p', { class: 'muted' }, t('common.loading')));
  const problem = h('p', { id: 'invite-error', class: 'error', role: 'alert', hidden: true });
  const actions = h('div', { id: 'invite-actions', class: 'row invite-result' });
  const authBox = h('div', { id: 'auth-box', class: 'auth-box' });
  container.replaceChildren(h('section', { class: 'invite' }, title, info, problem, actions, authBox,
    h('p', {}, h('a', { href: '#/', id: 'invite-back', 'data-i18n': 'common.back' }, t('common.back')))));

  let alive = true;       // false once the page is left: nothing runs on after that
  let view = null;        // GET /invitations/{code}
  let loadFailure = null;
  let refusal = null;     // {key, code}: why joining is not possible (shown, never retried by itself)
  let busy = false;       // an accept or a cancel is on its way
  let waiting = null;     // {gameId, until}: accepted, waiting for the game service to create the game
  let timer = null;
  let acceptByItself = true;

  const me = () => auth.current();
  const isInviter = () => !!(view && me() && view.inviter && view.inviter.id === me().id);
  const ranked = () => !!(view && view.mode === 'RANKED');

  function refusalOf(codeText, key) {
    return { code: codeText, key: key || (t('error.' + codeText) !== 'error.' + codeText ? 'error.' + codeText : 'error.conflict') };
  }

  /** What accepting would answer, known without asking: the server's own `refusal`, else what the page sees. */
  function predictedRefusal() {
    if (!view) return null;
    if (view.status && view.status !== 'OPEN') return null; // shown as the invitation's state
    if (isInviter()) return refusalOf('OWN_INVITATION');
    if (view.refusal && view.refusal !== 'RANKED_NEEDS_ACCOUNT') return refusalOf(view.refusal);
    if (ranked() && me() && me().kind !== 'account') return refusalOf('RANKED_NEEDS_ACCOUNT');
    return null;
  }

  function renderTitle() {
    if (isInviter()) title.textContent = t('invite.yoursTitle');
    else if (view && view.inviter && view.inviter.name) title.textContent = t('invite.fromTitle', { name: view.inviter.name });
    else title.textContent = t('invite.title');
  }

  function renderAuth() {
    const session = me();
    if (session && !(ranked() && session.kind !== 'account')) {
      authBox.replaceChildren();
      return;
    }
    const signIn = h('button', { id: 'sign-in-invite', type: 'button', class: ranked() ? 'primary' : null }, t('auth.signIn'));
    signIn.addEventListener('click', () => auth.signIn().catch(e => toast(describeError(e), 'error')));
    if (ranked()) {
      // A ranked game is rated: it needs an account, so there is no guest way in (a guest already reads why).
      authBox.replaceChildren(...(session ? [] : [h('p', { id: 'invite-needs-account' }, t('invite.rankedSignIn'))]),
        h('div', { class: 'row' }, signIn));
      return;
    }
    const name = h('input', { id: 'guest-name', type: 'text', maxlength: 24, autocomplete: 'nickname',
      placeholder: t('auth.guestName') });
    const guest = h('button', { id: 'guest-button', type: 'button', class: 'primary' }, t('auth.guest'));
    guest.addEventListener('click', async () => {
      guest.disabled = true;
      try {
        await auth.continueAsGuest(name.value.trim());
      } catch (e) {
        toast(describeError(e), 'error');
        guest.disabled = false;
      }
    });
    authBox.replaceChildren(h('p', {}, t('auth.needed')), h('div', { class: 'row guest-row' }, name, guest, signIn));
  }

  function render() {
    if (!alive) return;
    renderTitle();
    if (loadFailure) {
      info.replaceChildren(h('p', { class: 'muted', id: 'invite-state', 'data-status': 'UNKNOWN' },
        loadFailure.status === 404 ? t('invite.UNKNOWN') : describeError(loadFailure)));
      const again = h('button', { id: 'invite-reload', type: 'button' }, t('common.retry'));
      again.addEventListener('click', load);
      actions.replaceChildren(...(loadFailure.status === 404 ? [] : [again]));
      problem.hidden = true;
      authBox.replaceChildren();
      return;
    }
    if (!view) return;
    const colour = view.color && view.color !== 'RANDOM' ? ` · ${t('invite.theyPlay', { colour: t('colour.' + view.color) })}` : '';
    const stateText = view.status === 'OPEN' ? '' : t('invite.' + view.status) !== 'invite.' + view.status
      ? t('invite.' + view.status) : view.status;
    info.replaceChildren(
      h('p', { id: 'invite-summary' }, `${(view.inviter && view.inviter.name) || '?'} · ${t('mode.' + view.mode)} · `,
        h('span', { class: 'tc' }, formatOffered(view)), colour),
      h('p', { id: 'invite-state', 'data-status': view.status }, stateText));
    if (waiting) info.append(h('p', { class: 'status', id: 'invite-joining' }, t('invite.waitingGame')));
    else if (busy) info.append(h('p', { class: 'status', id: 'invite-joining' }, t('invite.joining')));

    const refused = refusal || predictedRefusal();
    problem.hidden = !refused;
    problem.className = refused && refused.code === 'OWN_INVITATION' ? 'status' : 'error'; // one's own link is no failure
    problem.dataset.code = refused ? refused.code : '';
    problem.textContent = refused ? t(refused.key) : '';

    const buttons = [];
    if (view.status === 'OPEN' && isInviter()) {
      const link = h('input', { id: 'invite-own-link', type: 'text', readonly: true,
        value: view.link || `${location.origin}/#/invite/${encodeURIComponent(code)}` });
      const cancel = h('button', { id: 'invite-cancel', type: 'button', class: 'danger', disabled: busy }, t('invite.withdraw'));
      cancel.addEventListener('click', cancelInvitation);
      buttons.push(link, cancel);
    } else if (view.status === 'OPEN' && !waiting && !(refused && FINAL_REFUSALS.has(refused.code))) {
      // No join button where joining cannot work (the reason is shown instead); without a session it waits for one.
      const join = h('button', { id: 'accept-invite', type: 'button', class: 'primary', disabled: !me() || busy }, t('invite.accept'));
      join.addEventListener('click', () => accept());
      buttons.push(join);
    } else if (view.gameId && !waiting) {
      buttons.push(h('a', { class: 'button', id: 'invite-game', href: `#/game/${encodeURIComponent(view.gameId)}` }, t('invite.toGame')));
    }
    actions.replaceChildren(...buttons);
    renderAuth();
  }

  function later(fn, ms) {
    clearTimeout(timer);
    timer = alive ? setTimeout(fn, ms) : null;
  }

  async function load() {
    if (!alive) return;
    try {
      view = await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}`);
      loadFailure = null;
    } catch (e) {
      loadFailure = e;
    }
    if (!alive) return;
    render();
    mayAcceptByItself();
  }

  /** The one accept a visit makes without a click: only when the page sees nothing that would refuse it. */
  function mayAcceptByItself() {
    if (!acceptByItself || !view || view.status !== 'OPEN' || !me() || predictedRefusal() || refusal) return;
    acceptByItself = false;
    accept();
  }

  async function accept() {
    if (busy || waiting || !alive || !me()) return;
    busy = true;
    refusal = null;
    render();
    try {
      const accepted = await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}/accept`, { method: 'POST' });
      busy = false;
      if (!alive) return;
      awaitGame(accepted);
    } catch (e) {
      busy = false;
      if (!alive) return;
      const key = errorKey(e);
      const serverCode = e.body && (e.body.error || e.body.code);
      refusal = key ? { code: serverCode, key } : { code: serverCode || String(e.status || ''), key: null };
      if (!key) refusal.key = 'invite.failed';
      toast(describeError(e), 'error');
      render();
    }
  }

  /** Accepted: the game is created through the command stream; wait for it (and say so) rather than open nothing. */
  function awaitGame(accepted) {
    if (accepted.gameReady !== false || !accepted.gameId) {
      location.hash = `#/game/${encodeURIComponent(accepted.gameId)}`;
      return;
    }
    waiting = { gameId: accepted.gameId, until: Date.now() + GAME_WAIT_MILLIS, delay: 500 };
    render();
    checkGame();
  }

  async function checkGame() {
    if (!alive || !waiting) return;
    let status = null;
    try {
      status = await api(`/api/matchmaking/games/${encodeURIComponent(waiting.gameId)}`, { auth: false });
    } catch (e) {
      status = null; // not known yet, or matchmaking busy: ask again below
    }
    if (!alive || !waiting) return;
    if (status && status.gameReady) {
      const gameId = waiting.gameId;
      waiting = null;
      location.hash = `#/game/${encodeURIComponent(gameId)}`;
      return;
    }
    if ((status && status.gameStatus === 'FAILED') || Date.now() > waiting.until) {
      waiting = null;
      refusal = { code: status && status.gameStatus === 'FAILED' ? 'INVITATION_FAILED' : 'GAME_NOT_READY',
        key: status && status.gameStatus === 'FAILED' ? 'error.INVITATION_FAILED' : 'invite.gameSlow' };
      if (refusal.code === 'GAME_NOT_READY') acceptByItself = false;
      load();
      return;
    }
    waiting.delay = Math.min(4000, waiting.delay * 1.5);
    later(checkGame, waiting.delay);
  }

  async function cancelInvitation() {
    if (busy || !alive) return;
    busy = true;
    render();
    try {
      await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}`, { method: 'DELETE' });
      toast(t('invite.withdrawn'));
    } catch (e) {
      toast(describeError(e), 'error');
    }
    busy = false;
    load();
  }

  load();
  return {
    unmount() {
      alive = false;
      waiting = null;
      clearTimeout(timer);
    },
    sessionChanged() {
      refusal = null;
      render();
      mayAcceptByItself();
    },
    retranslate: render,
  };
}
