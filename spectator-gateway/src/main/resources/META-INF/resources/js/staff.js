// Staff pages for moderators and admins (realm roles in the Keycloak access token):
//   #/staff                 live games: players, ply, clocks, spectators; open, abort (reason); annul (admin)
//   #/staff/players         search accounts by name
//   #/staff/players/{id}    a player: rating history, games, sanctions; suspend, lift, mute, unmute
//   #/staff/audit           every staff action, filtered (read-only)
//   #/staff/operations      health, versions, consumer lag, dead letters, outbox, gateways (admin)
// The page shows controls by the token's roles; the services decide, and a refusal is shown with its code in
// the reader's language. Every action goes through one reason dialog (the reason is required).
import { h, formatClock } from './util.js';
import { t, language } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, playerLink, describeError } from './ui.js';
import { formatGameTimeControl } from './time-control.js';

export const REASON_MAX = 500;
export const MODERATOR_SUSPEND_MINUTES = 10080;
export const ADMIN_SUSPEND_MINUTES = 525600;
export const MUTE_MINUTES = 43200;
const GAMES_REFRESH_MILLIS = 5000;
const OPERATIONS_REFRESH_MILLIS = 15000;
const AUDIT_ACTIONS = ['ABORT_GAME', 'ANNUL_GAME', 'REVERSE_RATINGS', 'FORFEIT_GAME', 'REMOVE_CHAT',
  'SUSPEND_PLAYER', 'LIFT_SUSPENSION', 'MUTE_CHAT', 'LIFT_MUTE'];

const enc = encodeURIComponent;

/** The server's code of a refusal ({"error": CODE} from the kit, {"code": CODE} elsewhere), or ''. */
export function errorCode(error) {
  const body = error && error.body;
  const code = body && (body.error || body.code);
  return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code : '';
}

/** A time in the reader's language: "2 Dec 2026, 10:00"; '' for none. */
export function formatTime(iso) {
  if (!iso) return '';
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return String(iso);
  try {
    return when.toLocaleString(language(), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  } catch (e) {
    return when.toISOString();
  }
}

/** Why a reason cannot be sent (the services' rule: 1..500 characters, no control characters), or null. */
export function reasonProblem(reason) {
  if (!reason) return 'staff.reasonNeeded';
  if (reason.length > REASON_MAX) return 'staff.reasonTooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(reason)) return 'staff.reasonBad';
  return null;
}

// --- the reason dialog ----------------------------------------------------------------------------------

let openDialog = null;

/**
 * One dialog for every staff action: a required reason, and for a suspension or a mute the minutes (plus "until
 * lifted" and "forfeit live games" for admins). submit(values) sends it; a refusal stays in the dialog with its
 * code. Resolves with submit's answer, or null when cancelled.
 *   options: {action, title, text?, minutes?: {value, max}, untilLifted?: bool, forfeit?: bool, confirmLabel?}
 */
export function reasonDialog(options, submit) {
  if (openDialog) openDialog.close(null);
  return new Promise((resolve) => {
    const previousFocus = document.activeElement;
    const reason = h('textarea', { id: 'staff-reason', 'data-testid': 'staff-reason', rows: 3, maxlength: REASON_MAX,
      required: true, placeholder: t('staff.reasonHint') });
    const error = h('p', { class: 'error', 'data-testid': 'staff-dialog-error', role: 'alert', hidden: true });
    const fields = [];
    let minutes = null;
    let untilLifted = null;
    let forfeit = null;
    if (options.minutes) {
      minutes = h('input', { id: 'staff-minutes', 'data-testid': 'staff-minutes', type: 'number', min: 1,
        max: options.minutes.max, step: 1, value: options.minutes.value, inputmode: 'numeric' });
      fields.push(h('label', { class: 'field', for: 'staff-minutes' }, h('span', {}, t('staff.minutes', { max: options.minutes.max })), minutes));
    }
    if (options.untilLifted) {
      untilLifted = h('input', { id: 'staff-until-lifted', 'data-testid': 'staff-until-lifted', type: 'checkbox' });
      untilLifted.addEventListener('change', () => { if (minutes) minutes.disabled = untilLifted.checked; });
      fields.push(h('label', { class: 'check', for: 'staff-until-lifted' }, untilLifted, ' ', t('staff.untilLifted')));
    }
    if (options.forfeit) {
      forfeit = h('input', { id: 'staff-forfeit', 'data-testid': 'staff-forfeit', type: 'checkbox' });
      fields.push(h('label', { class: 'check', for: 'staff-forfeit' }, forfeit, ' ', t('staff.forfeit')));
    }
    const confirm = h('button', { type: 'submit', class: 'primary', id: 'staff-confirm', 'data-testid': 'staff-confirm' },
      options.confirmLabel || t('staff.confirm'));
    const cancel = h('button', { type: 'button', id: 'staff-cancel', 'data-testid': 'staff-cancel' }, t('common.cancel'));
    const title = h('h2', { id: 'staff-dialog-title' }, options.title);
    const form = h('form', { class: 'staff-dialog-box', novalidate: true },
      title,
      options.text ? h('p', { class: 'muted', 'data-testid': 'staff-dialog-text' }, options.text) : null,
      h('label', { class: 'field stacked', for: 'staff-reason' }, h('span', {}, t('staff.reason')), reason),
      ...fields, error,
      h('div', { class: 'row' }, confirm, cancel));
    const overlay = h('div', { class: 'staff-dialog', 'data-testid': 'staff-dialog', role: 'dialog', 'aria-modal': 'true',
      'aria-labelledby': 'staff-dialog-title', 'data-action': options.action || '' }, form);
    let busy = false;

    function showError(text, code) {
      error.textContent = text;
      error.dataset.code = code || '';
      error.hidden = false;
    }

    function close(answer) {
      if (!overlay.isConnected) return;
      overlay.remove();
      document.removeEventListener('keydown', onKey, true);
      if (openDialog === handle) openDialog = null;
      if (previousFocus && previousFocus.isConnected && previousFocus.focus) previousFocus.focus();
      resolve(answer);
    }
    const handle = { close };

    function onKey(e) {
      if (e.key === 'Escape' && !busy) {
        e.preventDefault();
        close(null);
      }
    }

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (busy) return;
      const text = reason.value.trim();
      const problem = reasonProblem(text);
      if (problem) {
        showError(t(problem), 'MISSING_REASON');
        reason.focus();
        return;
      }
      const values = { reason: text };
      if (minutes) {
        const lifted = !!(untilLifted && untilLifted.checked);
        const n = Number(minutes.value);
        if (!lifted && !(Number.isInteger(n) && n >= 1 && n <= options.minutes.max)) {
          showError(t('staff.minutesBad', { max: options.minutes.max }), 'BAD_MINUTES');
          minutes.focus();
          return;
        }
        values.minutes = lifted ? null : n;
      }
      if (forfeit) values.forfeitLiveGames = forfeit.checked;
      busy = true;
      confirm.disabled = true;
      error.hidden = true;
      try {
        const answer = await submit(values);
        close(answer ?? true); // an accepted call without a body (204) is accepted all the same
      } catch (err) {
        showError(describeError(err), errorCode(err));
      } finally {
        busy = false;
        confirm.disabled = false;
      }
    });
    cancel.addEventListener('click', () => { if (!busy) close(null); });
    overlay.addEventListener('click', (e) => { if (e.target === overlay && !busy) close(null); });
    document.addEventListener('keydown', onKey, true);
    openDialog = handle;
    document.body.append(overlay);
    reason.focus();
  });
}

// --- small pieces -----------------------------------------------------------------------------------------

/** el's children replaced by these, leaving out the absent ones (replaceChildren would write "null"). */
function put(el, ...children) {
  el.replaceChildren(...children.flat().filter(c => c !== null && c !== undefined && c !== false));
}

/** A table cell with its column's name for the phone layout (td::before shows data-label). */
function td(label, ...children) {
  return h('td', { 'data-label': label }, h('span', { class: 'cell' }, ...children));
}

function table(testid, headings, rows, extra = {}) {
  return h('div', { class: 'table-wrap' },
    h('table', { class: 'staff-table', 'data-testid': testid, ...extra },
      h('thead', {}, h('tr', {}, headings.map(x => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, rows)));
}

function staffLink(player) {
  if (!player || !player.id) return document.createTextNode('?');
  const id = String(player.id);
  if (id.startsWith('guest:') || id.startsWith('ai:')) return playerLink(player);
  return h('a', { href: `#/staff/players/${enc(id)}`, 'data-player-id': id }, player.name || player.username || id);
}

function roleText(role) {
  const key = 'role.' + String(role || '').toUpperCase();
  return t(key) !== key ? t(key) : String(role || '');
}

function actionText(action) {
  const key = 'auditAction.' + action;
  return t(key) !== key ? t(key) : String(action || '');
}

/** The clocks of a live game as the answer had them, the running one counted down since it came. */
function clocksText(clocks, fetchedAt) {
  if (!clocks) return t('lobby.untimed');
  const elapsed = performance.now() - fetchedAt;
  const shown = side => {
    const millis = clocks[side === 'WHITE' ? 'whiteMillis' : 'blackMillis'];
    return formatClock(clocks.running === side ? millis - elapsed : millis);
  };
  return `${t('colour.WHITE')} ${shown('WHITE')} · ${t('colour.BLACK')} ${shown('BLACK')}`;
}

// --- the staff shell -----------------------------------------------------------------------------------

/** #/staff/...: the tabs, the status line of the last action, and the section asked for. */
export function mountStaff(container, parts) {
  let section = null;
  let alive = true;
  const message = h('p', { class: 'staff-message', 'data-testid': 'staff-message', role: 'status', 'aria-live': 'polite', hidden: true });
  const body = h('div', { class: 'staff-body' });
  const nav = h('nav', { class: 'staff-nav', 'aria-label': 'Staff' });
  put(container, h('section', { class: 'staff', 'data-testid': 'staff-page' },
    h('h1', { 'data-testid': 'staff-title' }), nav, message, body,
    h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));

  /** What an action did: ok, or the refusal with the server's code (data-code), in the reader's language. */
  function say(text, kind = 'ok', code = '') {
    message.textContent = text;
    message.dataset.kind = kind;
    message.dataset.code = code;
    message.hidden = false;
  }
  const ctx = {
    say,
    fail: (e) => say(describeError(e), 'error', errorCode(e)),
    admin: () => auth.staffRole() === 'admin',
    alive: () => alive,
  };

  function build() {
    if (section && section.unmount) section.unmount();
    section = null;
    const role = auth.staffRole();
    const where = parts[0] || 'games';
    container.querySelector('[data-testid="staff-title"]').textContent = t('staff.title');
    const tab = (key, href, testid, current) => h('a', { href, 'data-testid': testid, class: current ? 'current' : null,
      'aria-current': current ? 'page' : null }, t(key));
    put(nav, ...(role ? [
      tab('staff.games', '#/staff', 'staff-nav-games', where === 'games'),
      tab('staff.players', '#/staff/players', 'staff-nav-players', where === 'players'),
      tab('staff.audit', '#/staff/audit', 'staff-nav-audit', where === 'audit'),
      role === 'admin' ? tab('staff.operations', '#/staff/operations', 'staff-nav-operations', where === 'operations') : null,
    ] : []));
    if (!role) {
      const session = auth.current();
      const signIn = h('button', { type: 'button', class: 'primary', id: 'staff-sign-in' }, t('auth.signIn'));
      signIn.addEventListener('click', () => auth.signIn().catch(e => toast(describeError(e), 'error')));
      put(body, h('p', { class: 'error', 'data-testid': 'staff-denied', 'data-code': 'STAFF_ONLY' }, t('error.STAFF_ONLY')),
        session && session.kind === 'account' ? null : signIn);
      return;
    }
    if (where === 'operations' && role !== 'admin') {
      put(body, h('p', { class: 'error', 'data-testid': 'staff-denied', 'data-code': 'ADMIN_ONLY' }, t('error.ADMIN_ONLY')));
      return;
    }
    if (where === 'players' && parts[1]) section = playerSection(body, parts[1], ctx);
    else if (where === 'players') section = playersSection(body, ctx);
    else if (where === 'audit') section = auditSection(body, ctx);
    else if (where === 'operations') section = operationsSection(body, ctx);
    else section = gamesSection(body, ctx);
  }

  let shownRole = auth.staffRole();
  build();
  return {
    unmount() {
      alive = false;
      if (section && section.unmount) section.unmount();
      if (openDialog) openDialog.close(null);
    },
    // A refreshed token with the same roles changes nothing here; signing in or out (or a role change) does.
    sessionChanged() {
      if (auth.staffRole() === shownRole) return;
      shownRole = auth.staffRole();
      build();
    },
    retranslate: build,
  };
}

// --- live games ------------------------------------------------------------------------------------------

function gamesSection(body, ctx) {
  const refresh = h('button', { type: 'button', 'data-testid': 'staff-refresh', class: 'small' }, t('staff.refresh'));
  const count = h('span', { class: 'muted', 'data-testid': 'staff-games-count' });
  const tbody = h('tbody', {});
  const gamesTable = h('div', { class: 'table-wrap' }, h('table', { class: 'staff-table', 'data-testid': 'staff-games' },
    h('thead', {}, h('tr', {}, [t('staff.players'), t('lobby.mode'), t('lobby.timeControl'), t('staff.ply'), t('staff.clocks'),
      t('game.spectators'), t('staff.started'), ''].map(x => h('th', { scope: 'col' }, x)))), tbody));
  const empty = h('p', { class: 'muted', 'data-testid': 'staff-games-empty', hidden: true }, t('lobby.noLiveGames'));
  const problem = h('p', { class: 'error', 'data-testid': 'staff-games-error', hidden: true });
  const parts = [h('div', { class: 'row' }, h('h2', {}, t('staff.liveGames')), count, refresh), problem, gamesTable, empty];
  if (ctx.admin()) parts.push(annulBox(ctx));
  put(body, ...parts);

  const rows = new Map(); // game id -> {tr, cells, game}
  let fetchedAt = performance.now();
  let loading = false;

  function headings() {
    return [t('staff.players'), t('lobby.mode'), t('lobby.timeControl'), t('staff.ply'), t('staff.clocks'),
      t('game.spectators'), t('staff.started')];
  }

  function rowFor(game) {
    const labels = headings();
    // Each cell's inner span, filled again at every refresh (the row and its buttons stay).
    const span = label => td(label).firstChild;
    const cells = {
      players: span(labels[0]), mode: span(labels[1]), tc: span(labels[2]), ply: span(labels[3]), clocks: span(labels[4]),
      spectators: span(labels[5]), started: span(labels[6]),
    };
    const open = h('a', { class: 'button small', href: `#/game/${enc(game.id)}`, 'data-testid': `staff-open-${game.id}` }, t('staff.open'));
    const abort = h('button', { type: 'button', class: 'small danger', 'data-testid': `staff-abort-${game.id}` }, t('staff.abort'));
    abort.addEventListener('click', () => abortGame(game.id, describe(rows.get(game.id).game), ctx).then(done => { if (done) load(); }));
    const tr = h('tr', { 'data-testid': `staff-game-row-${game.id}`, 'data-game-id': game.id },
      ...Object.values(cells).map(c => c.parentNode),
      h('td', { class: 'actions-cell' }, open, abort));
    return { tr, cells, game };
  }

  function describe(game) {
    return `${(game.white && game.white.name) || '?'} – ${(game.black && game.black.name) || '?'}`;
  }

  function fill(row) {
    const g = row.game;
    put(row.cells.players, staffLink(g.white), ' – ', staffLink(g.black));
    row.cells.mode.textContent = t(g.ranked ? 'mode.RANKED' : 'mode.CASUAL');
    row.cells.tc.textContent = formatGameTimeControl(g.timeControl);
    row.cells.ply.textContent = String(g.ply ?? 0);
    row.cells.spectators.textContent = String(g.spectators ?? 0);
    row.cells.started.textContent = formatTime(g.createdAt);
    row.tr.dataset.ply = String(g.ply ?? 0);
    tick(row);
  }

  function tick(row) {
    row.cells.clocks.textContent = clocksText(row.game.clocks, fetchedAt);
  }

  async function load() {
    if (loading || !ctx.alive()) return;
    loading = true;
    try {
      const answer = await api('/api/admin/games?limit=500');
      if (!ctx.alive()) return;
      fetchedAt = performance.now();
      const games = (answer && answer.games) || [];
      const seen = new Set();
      for (const game of games) {
        if (!game || !game.id) continue;
        seen.add(game.id);
        let row = rows.get(game.id);
        if (!row) {
          row = rowFor(game);
          rows.set(game.id, row);
        }
        row.game = game;
        fill(row);
        tbody.append(row.tr); // moves an existing row into place, never rebuilds its buttons
      }
      for (const [id, row] of rows) {
        if (!seen.has(id)) {
          row.tr.remove();
          rows.delete(id);
        }
      }
      count.textContent = t('staff.gamesCount', { n: seen.size });
      empty.hidden = seen.size > 0;
      problem.hidden = true;
    } catch (e) {
      problem.textContent = describeError(e);
      problem.dataset.code = errorCode(e);
      problem.hidden = false;
    } finally {
      loading = false;
    }
  }

  refresh.addEventListener('click', load);
  const poll = setInterval(load, GAMES_REFRESH_MILLIS);
  const ticker = setInterval(() => rows.forEach(tick), 1000);
  load();
  return { unmount() { clearInterval(poll); clearInterval(ticker); } };
}

/** Abort a live game with a reason (never rated); true when the game service took the command. */
export function abortGame(gameId, label, ctx) {
  return reasonDialog({ action: 'ABORT_GAME', title: t('staff.abortTitle'), text: label ? t('staff.abortText', { game: label }) : null,
    confirmLabel: t('staff.abort') },
  values => api(`/api/admin/games/${enc(gameId)}/abort`, { method: 'POST', body: { reason: values.reason } }))
    .then((answer) => {
      if (!answer) return false;
      if (ctx) ctx.say(t('staff.aborted'));
      else toast(t('staff.aborted'));
      return true;
    });
}

/** Admin: annul a finished game by its id (its rating changes are reversed by the rating service). */
function annulBox(ctx) {
  const id = h('input', { type: 'text', id: 'staff-annul-game', 'data-testid': 'staff-annul-game', maxlength: 64,
    autocomplete: 'off', spellcheck: 'false', placeholder: t('staff.gameId') });
  const reason = h('input', { type: 'text', id: 'staff-annul-reason', 'data-testid': 'staff-annul-reason', maxlength: REASON_MAX,
    autocomplete: 'off', placeholder: t('staff.reasonHint') });
  const confirm = h('button', { type: 'submit', class: 'danger', 'data-testid': 'staff-annul-confirm' }, t('staff.annul'));
  const form = h('form', { class: 'card staff-annul', 'data-testid': 'staff-annul' },
    h('h2', {}, t('staff.annulTitle')), h('p', { class: 'muted' }, t('staff.annulText')),
    h('label', { class: 'field stacked', for: 'staff-annul-game' }, h('span', {}, t('staff.gameId')), id),
    h('label', { class: 'field stacked', for: 'staff-annul-reason' }, h('span', {}, t('staff.reason')), reason),
    h('div', { class: 'row' }, confirm));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const gameId = id.value.trim().replace(/^.*#\/(?:game|replay)\//, '');
    const text = reason.value.trim();
    if (!/^[\x21-\x7e]{1,64}$/.test(gameId)) {
      ctx.say(t('error.BAD_GAME_ID'), 'error', 'BAD_GAME_ID');
      id.focus();
      return;
    }
    const problem = reasonProblem(text);
    if (problem) {
      ctx.say(t(problem), 'error', 'MISSING_REASON');
      reason.focus();
      return;
    }
    confirm.disabled = true;
    try {
      await api(`/api/admin/games/${enc(gameId)}/annul`, { method: 'POST', body: { reason: text } });
      ctx.say(t('staff.annulled', { id: gameId }));
      id.value = '';
      reason.value = '';
    } catch (err) {
      ctx.fail(err);
    } finally {
      confirm.disabled = false;
    }
  });
  return form;
}

// --- players ---------------------------------------------------------------------------------------------

let lastQuery = '';
const namesSeen = new Map(); // player id -> username, from searches (a player page's heading)

function playersSection(body, ctx) {
  const input = h('input', { type: 'search', id: 'staff-player-search', 'data-testid': 'staff-player-search', maxlength: 64,
    autocomplete: 'off', spellcheck: 'false', placeholder: t('staff.searchHint'), value: lastQuery });
  const button = h('button', { type: 'submit', class: 'primary', 'data-testid': 'staff-player-search-button' }, t('staff.search'));
  const results = h('div', { 'data-testid': 'staff-players-results' });
  const form = h('form', { class: 'row staff-search', role: 'search' },
    h('label', { class: 'sr', for: 'staff-player-search' }, t('staff.searchHint')), input, button);
  put(body, h('h2', {}, t('staff.searchPlayers')), form, results);

  async function search() {
    const q = input.value.trim();
    if (!q) {
      put(results, h('p', { class: 'muted' }, t('staff.searchHint')));
      return;
    }
    lastQuery = q;
    button.disabled = true;
    try {
      const answer = await api(`/api/admin/players?q=${enc(q)}&limit=50`);
      if (!ctx.alive()) return;
      const players = (answer && answer.players) || [];
      players.forEach(p => { if (p && p.id && p.username) namesSeen.set(p.id, p.username); });
      const labels = [t('lb.player'), t('lb.rating'), t('lb.games'), t('staff.enabled'), t('staff.created')];
      put(results, 
        answer && answer.partial ? h('p', { class: 'warning-note', 'data-testid': 'staff-players-partial' }, t('staff.partial')) : null,
        players.length ? table('staff-players', labels, players.map(p => h('tr', { 'data-testid': `staff-player-row-${p.id}`,
          'data-player-id': p.id, 'data-username': p.username || '' },
        td(labels[0], h('a', { href: `#/staff/players/${enc(p.id)}`, 'data-testid': `staff-player-link-${p.id}` }, p.username || p.id)),
        td(labels[1], p.rating === null || p.rating === undefined ? '–' : String(p.rating) + (p.provisional ? '?' : '')),
        td(labels[2], p.games === null || p.games === undefined ? '–' : String(p.games)),
        td(labels[3], p.enabled === false ? t('staff.no') : p.enabled === true ? t('staff.yes') : '–'),
        td(labels[4], formatTime(p.createdAt)))))
          : h('p', { class: 'muted', 'data-testid': 'staff-players-none' }, t('staff.noPlayers')));
    } catch (e) {
      put(results, h('p', { class: 'error', 'data-code': errorCode(e) }, describeError(e)));
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener('submit', (e) => { e.preventDefault(); search(); });
  if (lastQuery) search();
  else input.focus();
  return {};
}

function sanctionLine(kind, s) {
  if (!s) return t(kind === 'SUSPENSION' ? 'staff.notSuspended' : 'staff.notMuted');
  const until = s.until ? t('staff.until', { time: formatTime(s.until) }) : t('staff.untilLiftedShort');
  const by = s.staff && s.staff.username ? ` (${s.staff.username})` : '';
  return `${t(kind === 'SUSPENSION' ? 'staff.suspended' : 'staff.muted')} ${until}${by}: ${s.reason}`
    + (s.forfeitLiveGames ? ` · ${t('staff.forfeit')}` : '');
}

function playerSection(body, playerId, ctx) {
  const heading = h('h2', { 'data-testid': 'staff-player-name' }, namesSeen.get(playerId) || playerId);
  const sanctions = h('div', { class: 'card', 'data-testid': 'staff-sanctions', 'data-suspended': '', 'data-muted': '' },
    h('p', { class: 'muted' }, t('common.loading')));
  const ratings = h('div', { class: 'card', 'data-testid': 'staff-player-ratings-box' }, h('h3', {}, t('profile.history')),
    h('p', { class: 'muted' }, t('common.loading')));
  const games = h('div', { class: 'card', 'data-testid': 'staff-player-games-box' }, h('h3', {}, t('staff.playerGames')),
    h('p', { class: 'muted' }, t('common.loading')));
  put(body, h('section', { class: 'staff-player', 'data-testid': 'staff-player', 'data-player-id': playerId },
    h('p', {}, h('a', { href: '#/staff/players' }, t('staff.backToSearch'))),
    heading,
    h('p', { class: 'muted' }, h('code', {}, playerId), ' · ',
      h('a', { href: `#/player/${enc(playerId)}`, 'data-testid': 'staff-public-profile' }, t('staff.publicProfile'))),
    sanctions, ratings, games));
  const admin = ctx.admin();

  async function loadSanctions() {
    try {
      const s = await api(`/api/admin/players/${enc(playerId)}/sanctions`);
      if (!ctx.alive()) return;
      renderSanctions(s || {});
    } catch (e) {
      put(sanctions, h('h3', {}, t('staff.sanctions')), h('p', { class: 'error', 'data-code': errorCode(e) }, describeError(e)));
    }
  }

  function renderSanctions(s) {
    sanctions.dataset.suspended = String(!!s.suspended);
    sanctions.dataset.muted = String(!!s.muted);
    const suspend = h('button', { type: 'button', class: 'danger', 'data-testid': 'staff-suspend' }, t('staff.suspend'));
    const lift = h('button', { type: 'button', 'data-testid': 'staff-lift-suspension', hidden: !s.suspended }, t('staff.liftSuspension'));
    const mute = h('button', { type: 'button', 'data-testid': 'staff-mute' }, t('staff.mute'));
    const unmute = h('button', { type: 'button', 'data-testid': 'staff-lift-mute', hidden: !s.muted }, t('staff.liftMute'));
    const name = heading.textContent;
    suspend.addEventListener('click', () => act(reasonDialog({ action: 'SUSPEND_PLAYER', title: t('staff.suspendTitle', { name }),
      text: admin ? t('staff.suspendTextAdmin') : t('staff.suspendText', { max: MODERATOR_SUSPEND_MINUTES }),
      minutes: { value: 60, max: admin ? ADMIN_SUSPEND_MINUTES : MODERATOR_SUSPEND_MINUTES },
      untilLifted: admin, forfeit: admin, confirmLabel: t('staff.suspend') },
    v => api(`/api/admin/players/${enc(playerId)}/suspension`, { method: 'POST',
      body: { reason: v.reason, minutes: v.minutes, forfeitLiveGames: !!v.forfeitLiveGames } })), 'staff.suspendedOk'));
    lift.addEventListener('click', () => act(reasonDialog({ action: 'LIFT_SUSPENSION', title: t('staff.liftSuspension'),
      confirmLabel: t('staff.liftSuspension') },
    v => api(`/api/admin/players/${enc(playerId)}/suspension`, { method: 'DELETE', body: { reason: v.reason } })), 'staff.liftedOk'));
    mute.addEventListener('click', () => act(reasonDialog({ action: 'MUTE_CHAT', title: t('staff.muteTitle', { name }),
      minutes: { value: 60, max: MUTE_MINUTES }, confirmLabel: t('staff.mute') },
    v => api(`/api/admin/players/${enc(playerId)}/mute`, { method: 'POST', body: { reason: v.reason, minutes: v.minutes } })), 'staff.mutedOk'));
    unmute.addEventListener('click', () => act(reasonDialog({ action: 'LIFT_MUTE', title: t('staff.liftMute'),
      confirmLabel: t('staff.liftMute') },
    v => api(`/api/admin/players/${enc(playerId)}/mute`, { method: 'DELETE', body: { reason: v.reason } })), 'staff.unmutedOk'));
    const history = s.history || [];
    const labels = [t('staff.kind'), t('staff.since'), t('staff.untilCol'), t('staff.reason'), t('staff.by'), t('staff.lifted')];
    put(sanctions, 
      h('h3', {}, t('staff.sanctions')),
      h('p', { 'data-testid': 'staff-suspension-state', class: s.suspended ? 'error' : null }, sanctionLine('SUSPENSION', s.suspension)),
      h('p', { 'data-testid': 'staff-mute-state', class: s.muted ? 'error' : null }, sanctionLine('MUTE', s.mute)),
      h('div', { class: 'row' }, suspend, lift, mute, unmute),
      h('h3', {}, t('staff.history')),
      history.length ? table('staff-sanctions-history', labels, history.map(x => h('tr', { 'data-testid': 'sanction-row',
        'data-kind': x.kind || '', 'data-id': x.id || '' },
      td(labels[0], t(x.kind === 'MUTE' ? 'staff.kindMute' : 'staff.kindSuspension') + (x.forfeitLiveGames ? ` · ${t('staff.forfeit')}` : '')),
      td(labels[1], formatTime(x.since)),
      td(labels[2], x.until ? formatTime(x.until) : t('staff.untilLiftedShort')),
      td(labels[3], x.reason || ''),
      td(labels[4], (x.staff && x.staff.username) || ''),
      td(labels[5], x.liftedAt ? `${formatTime(x.liftedAt)}${x.liftedBy && x.liftedBy.username ? ` (${x.liftedBy.username})` : ''}`
        + (x.liftReason ? `: ${x.liftReason}` : '') : '')))) : h('p', { class: 'muted' }, t('staff.noSanctions')));
  }

  async function act(pending, okKey) {
    const answer = await pending;
    if (!answer || !ctx.alive()) return;
    ctx.say(t(okKey));
    loadSanctions();
  }

  async function loadRatings() {
    try {
      const p = await api(`/api/ratings/players/${enc(playerId)}?history=100`, { auth: false });
      if (!ctx.alive()) return;
      if (p && p.name && !namesSeen.has(playerId)) heading.textContent = p.name;
      const labels = [t('profile.game'), t('staff.when'), t('staff.cause'), t('staff.ratingChange')];
      const history = (p && p.history) || [];
      put(ratings, h('h3', {}, t('profile.history')),
        h('p', {}, `${t('profile.rating')}: `, h('strong', { 'data-testid': 'staff-player-rating' }, String(p.rating)),
          p.provisional ? ` (${t('profile.provisional')})` : '', ' · ',
          t('profile.record', { w: p.wins, l: p.losses, d: p.draws, n: p.games })),
        history.length ? table('staff-player-ratings', labels, history.map(e => h('tr', { 'data-cause': e.cause || 'GAME',
          'data-game-id': e.gameId, class: e.annulled && e.cause !== 'ANNULMENT' ? 'annulled' : null },
        td(labels[0], h('a', { href: `#/replay/${enc(e.gameId)}` }, e.gameId)),
        td(labels[1], formatTime(e.occurredAt)),
        td(labels[2], e.cause === 'ANNULMENT' ? t('staff.causeAnnulment') : t('staff.causeGame'),
          e.annulled && e.cause !== 'ANNULMENT' ? ` (${t('staff.annulledShort')})` : ''),
        td(labels[3], `${e.before} → ${e.after} (${e.change >= 0 ? '+' : ''}${e.change})`)))) : h('p', { class: 'muted' }, t('profile.none')));
    } catch (e) {
      put(ratings, h('h3', {}, t('profile.history')),
        h('p', { class: 'muted' }, e.status === 404 ? t('profile.none') : describeError(e)));
    }
  }

  async function loadGames() {
    try {
      const [live, finished] = await Promise.all(['live', 'finished'].map(status =>
        api(`/api/games?status=${status}&player=${enc(playerId)}&limit=20`, { auth: false }).catch(() => [])));
      if (!ctx.alive()) return;
      const all = [...(live || []), ...(finished || [])];
      for (const g of all) {
        const me = [g.white, g.black].find(x => x && x.id === playerId && x.name);
        if (me && heading.textContent === playerId) heading.textContent = me.name;
      }
      const labels = [t('staff.players'), t('staff.result'), t('staff.ply'), t('staff.started'), ''];
      put(games, h('h3', {}, t('staff.playerGames')),
        all.length ? table('staff-player-games', labels, all.map((g) => {
          const over = g.status && g.status !== 'ONGOING';
          return h('tr', { 'data-game-id': g.id, 'data-status': g.status || '' },
            td(labels[0], staffLink(g.white), ' – ', staffLink(g.black)),
            td(labels[1], over ? `${t('result.' + g.status)}${g.reason ? ` — ${t('reason.' + g.reason)}` : ''}` : t('staff.live')),
            td(labels[2], String(g.ply ?? 0)),
            td(labels[3], formatTime(g.createdAt)),
            td('', h('a', { class: 'button small', href: over ? `#/replay/${enc(g.id)}` : `#/game/${enc(g.id)}` },
              t(over ? 'lobby.replay' : 'staff.open'))));
        })) : h('p', { class: 'muted' }, t('staff.noGames')));
    } catch (e) {
      put(games, h('h3', {}, t('staff.playerGames')), h('p', { class: 'muted' }, describeError(e)));
    }
  }

  loadSanctions();
  loadRatings();
  loadGames();
  return {};
}

// --- audit -------------------------------------------------------------------------------------------------

const auditFilters = { actor: '', action: '', target: '', game: '', since: '', until: '', limit: '100' };

/** A datetime-local value ("2026-12-02T10:00") as the instant the services parse; '' stays ''. */
function instantOf(local) {
  if (!local) return '';
  const when = new Date(local);
  return Number.isNaN(when.getTime()) ? '' : when.toISOString();
}

function auditSection(body, ctx) {
  const input = (name, attrs = {}) => h('input', { id: `audit-${name}`, 'data-testid': `audit-${name}`, name,
    value: auditFilters[name], autocomplete: 'off', spellcheck: 'false', ...attrs });
  const controls = {
    actor: input('actor', { type: 'text', maxlength: 128, placeholder: t('staff.actorHint') }),
    action: h('select', { id: 'audit-action', 'data-testid': 'audit-action', name: 'action' },
      h('option', { value: '' }, t('staff.allActions')),
      AUDIT_ACTIONS.map(a => h('option', { value: a, selected: auditFilters.action === a }, actionText(a)))),
    target: input('target', { type: 'text', maxlength: 128 }),
    game: input('game', { type: 'text', maxlength: 64 }),
    since: input('since', { type: 'datetime-local' }),
    until: input('until', { type: 'datetime-local' }),
    limit: input('limit', { type: 'number', min: 1, max: 500, step: 1 }),
  };
  const labelled = (key, control) => h('label', { class: 'field stacked', for: control.id }, h('span', {}, t(key)), control);
  const apply = h('button', { type: 'submit', class: 'primary', 'data-testid': 'audit-apply' }, t('staff.apply'));
  const form = h('form', { class: 'audit-filters', 'data-testid': 'audit-filters' },
    labelled('staff.actor', controls.actor), labelled('staff.action', controls.action),
    labelled('staff.target', controls.target), labelled('staff.game', controls.game),
    labelled('staff.since', controls.since), labelled('staff.untilCol', controls.until),
    labelled('staff.limit', controls.limit), h('div', { class: 'row' }, apply));
  const services = h('p', { class: 'muted', 'data-testid': 'audit-services' });
  const results = h('div', { 'data-testid': 'audit-results' });
  put(body, h('h2', {}, t('staff.audit')), h('p', { class: 'muted' }, t('staff.auditText')), form, services, results);

  async function load() {
    for (const key of Object.keys(auditFilters)) auditFilters[key] = controls[key].value.trim();
    const query = new URLSearchParams();
    for (const key of ['actor', 'action', 'target', 'game']) if (auditFilters[key]) query.set(key, auditFilters[key]);
    for (const key of ['since', 'until']) {
      const at = instantOf(auditFilters[key]);
      if (at) query.set(key, at);
    }
    if (auditFilters.limit) query.set('limit', auditFilters.limit);
    apply.disabled = true;
    try {
      const answer = await api(`/api/admin/audit?${query}`);
      if (!ctx.alive()) return;
      renderServices((answer && answer.services) || {});
      renderEntries((answer && answer.entries) || []);
    } catch (e) {
      put(results, h('p', { class: 'error', 'data-code': errorCode(e) }, describeError(e)));
    } finally {
      apply.disabled = false;
    }
  }

  function renderServices(map) {
    for (const attr of Object.keys(services.dataset)) if (attr !== 'testid') delete services.dataset[attr];
    const parts = Object.entries(map).map(([name, state]) => {
      // data-game-service="ok", data-rating-service="unavailable", ...
      if (/^[a-z][a-z-]{0,40}$/.test(name)) services.dataset[name.replace(/-(\w)/g, (m, c) => c.toUpperCase())] = String(state);
      return `${name}: ${state === 'ok' ? t('staff.ok') : state === 'unavailable' ? t('staff.unavailable') : state}`;
    });
    services.textContent = parts.length ? `${t('staff.sources')}: ${parts.join(' · ')}` : '';
  }

  function target(entry) {
    const id = entry.targetId || '';
    if (entry.targetType === 'PLAYER') return h('a', { href: `#/staff/players/${enc(id)}` }, namesSeen.get(id) || id);
    if (entry.targetType === 'GAME') return h('a', { href: `#/game/${enc(id)}` }, id);
    return h('span', { class: 'muted' }, `${t('staff.message')} ${id}`);
  }

  function renderEntries(entries) {
    const labels = [t('staff.when'), t('staff.actor'), t('staff.action'), t('staff.target'), t('staff.reason'),
      t('staff.outcome'), t('staff.service')];
    if (!entries.length) {
      put(results, h('p', { class: 'muted', 'data-testid': 'audit-none' }, t('staff.noEntries')));
      return;
    }
    put(results, table('staff-audit', labels, entries.map((e) => {
      const actor = e.actor || {};
      return h('tr', { 'data-testid': 'audit-row', 'data-audit-id': e.auditId || '', 'data-action': e.action || '',
        'data-actor': actor.username || '', 'data-role': actor.role || '', 'data-target': e.targetId || '',
        'data-game': e.gameId || '', 'data-outcome': e.outcome || '', 'data-service': e.service || '' },
      td(labels[0], h('time', { datetime: e.occurredAt || '' }, formatTime(e.occurredAt))),
      td(labels[1], h('strong', {}, actor.username || '?'), ` (${roleText(actor.role)})`),
      td(labels[2], actionText(e.action)),
      td(labels[3], target(e), e.gameId && e.gameId !== e.targetId ? [' · ', h('a', { href: `#/game/${enc(e.gameId)}` }, e.gameId)] : null),
      td(labels[4], e.reason || ''),
      td(labels[5], h('span', { class: e.outcome === 'REFUSED' ? 'error' : null },
        e.outcome === 'REFUSED' ? t('staff.refused') : t('staff.applied')), e.detail ? ` · ${e.detail}` : ''),
      td(labels[6], e.service || ''));
    })));
  }

  form.addEventListener('submit', (e) => { e.preventDefault(); load(); });
  load();
  return {};
}

// --- operations (admin) -------------------------------------------------------------------------------------

function operationsSection(body, ctx) {
  const refresh = h('button', { type: 'button', class: 'small', 'data-testid': 'staff-refresh' }, t('staff.refresh'));
  const at = h('span', { class: 'muted', 'data-testid': 'ops-at' });
  const content = h('div', { 'data-testid': 'staff-operations' }, h('p', { class: 'muted' }, t('common.loading')));
  put(body, h('div', { class: 'row' }, h('h2', {}, t('staff.operations')), at, refresh), content);
  let loading = false;

  const dash = v => (v === null || v === undefined ? '–' : String(v));

  async function load() {
    if (loading || !ctx.alive()) return;
    loading = true;
    try {
      const o = await api('/api/admin/operations');
      if (!ctx.alive()) return;
      render(o || {});
    } catch (e) {
      put(content, h('p', { class: 'error', 'data-code': errorCode(e) }, describeError(e)));
    } finally {
      loading = false;
    }
  }

  function render(o) {
    at.textContent = o.at ? formatTime(o.at) : '';
    const sl = [t('staff.service'), t('staff.health'), t('staff.version'), t('staff.instance'), t('staff.outbox'), t('staff.liveGames'), t('staff.checks')];
    const services = table('ops-services', sl, (o.services || []).map(s => h('tr', { 'data-service': s.name || '', 'data-health': s.health || '' },
      td(sl[0], s.name || '?'),
      td(sl[1], h('span', { class: `health ${String(s.health || '').toLowerCase()}` }, s.health || '?'),
        s.status && s.status !== 'ok' ? h('span', { class: 'muted' }, ` (${s.status})`) : null),
      td(sl[2], dash(s.version)), td(sl[3], dash(s.instance)), td(sl[4], dash(s.outboxBacklog)), td(sl[5], dash(s.liveGames)),
      td(sl[6], (s.checks || []).map(c => `${c.name}: ${c.status}`).join(', ')))));
    const kafka = o.kafka || {};
    const kafkaNote = kafka.available === false
      ? h('p', { class: 'error', 'data-testid': 'ops-kafka' }, `${t('staff.kafkaDown')}${kafka.error ? `: ${kafka.error}` : ''}`)
      : h('p', { class: 'muted', 'data-testid': 'ops-kafka' }, kafka.readAt ? t('staff.kafkaRead', { time: formatTime(kafka.readAt) }) : '');
    const gl = [t('staff.group'), t('staff.state'), t('staff.members'), t('staff.lag'), t('staff.topics')];
    const groups = table('ops-groups', gl, (o.consumerGroups || []).map(g => h('tr', { 'data-group': g.group || '', 'data-lag': dash(g.lag) },
      td(gl[0], g.group || '?'), td(gl[1], dash(g.state)), td(gl[2], dash(g.members)),
      td(gl[3], h('span', { class: g.lag > 0 ? 'lag' : null }, dash(g.lag))),
      td(gl[4], Object.entries(g.topics || {}).map(([topic, lag]) => `${topic}: ${lag}`).join(', ')))));
    const dl = [t('staff.topic'), t('staff.count'), t('staff.lastRecords')];
    const letters = table('ops-dlq', dl, (o.deadLetters || []).map(d => h('tr', { 'data-topic': d.topic || '', 'data-count': dash(d.count) },
      td(dl[0], d.topic || '?', d.missing ? h('span', { class: 'muted' }, ` (${t('staff.missing')})`) : null),
      td(dl[1], h('span', { class: d.count > 0 ? 'error' : null }, dash(d.count))),
      td(dl[2], (d.last || []).length ? h('details', {}, h('summary', {}, t('staff.showRecords', { n: d.last.length })),
        d.last.map(r => h('div', { class: 'dlq-record' },
          h('p', { class: 'muted' }, `#${r.partition}/${r.offset} · ${r.key ?? ''} · ${formatTime(r.timestamp)}`),
          Object.keys(r.headers || {}).length ? h('p', { class: 'muted' },
            Object.entries(r.headers).map(([k, v]) => `${k}=${v}`).join(', ')) : null,
          h('pre', {}, String(r.value ?? '') + (r.truncated ? ' …' : ''))))) : ''))));
    const wl = [t('staff.instance'), t('staff.rooms'), t('staff.sockets'), t('staff.lobbySockets'), t('staff.reported')];
    const gateways = table('ops-gateways', wl, (o.gateways || []).map(g => h('tr', { 'data-instance': g.instance || '' },
      td(wl[0], g.instance || '?', g.self ? h('span', { class: 'badge' }, t('staff.thisOne')) : null),
      td(wl[1], dash(g.games)), td(wl[2], dash(g.sockets)), td(wl[3], dash(g.lobbySockets)), td(wl[4], formatTime(g.at)))));
    put(content, 
      h('h3', {}, t('staff.services')), services,
      h('h3', {}, t('staff.consumerGroups')), kafkaNote, groups,
      h('h3', {}, t('staff.deadLetters')), letters,
      h('h3', {}, t('staff.gateways')), gateways);
  }

  refresh.addEventListener('click', load);
  const poll = setInterval(load, OPERATIONS_REFRESH_MILLIS);
  load();
  return { unmount() { clearInterval(poll); } };
}
