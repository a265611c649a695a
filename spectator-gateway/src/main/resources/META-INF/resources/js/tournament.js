// Tournaments (matchmaking's /api/matchmaking/tournaments): the list (#/tournaments: upcoming, running, finished,
// and a form to create one for signed-in accounts) and one tournament's page (#/tournament/{id}: anyone may
// watch; players, join or leave before the start, each round's pairings linking to their games with the results,
// and the standings by tournament points and wins). Everything is the server's: the page pairs and scores nothing.
import { h } from './util.js';
import { t, translatePage } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, playerLink, describeError, onNotification } from './ui.js';
import { timeControls } from './config.js';
import { formatPreset, formatGameTimeControl, presetOptions } from './time-control.js';
import { variantSelect, variantName, variantOf } from './variant.js';

const BASE = '/api/matchmaking/tournaments';
const FORMATS = ['SWISS', 'ROUND_ROBIN'];
const RANKINGS = ['POINTS_THEN_WINS', 'WINS_THEN_POINTS'];
const RUNNING_POLL_MILLIS = 3000;
const IDLE_POLL_MILLIS = 15000;

// --- reading the server's answers ---------------------------------------------------------------------

/** upcoming | running | finished for a tournament's status (finished includes cancelled). */
export function phaseOf(tournament) {
  const status = String((tournament && tournament.status) || '').toUpperCase();
  if (['RUNNING', 'STARTED', 'IN_PROGRESS', 'ONGOING', 'ACTIVE'].includes(status)) return 'running';
  if (['FINISHED', 'CANCELLED', 'CANCELED', 'DONE', 'ENDED', 'COMPLETED'].includes(status)) return 'finished';
  return 'upcoming';
}

/** A player as the answers name them: {id, name}, {playerId, name}, or just an id. */
function playerOf(p) {
  if (!p) return null;
  if (typeof p === 'string') return { id: p, name: null };
  const id = p.id || p.playerId || (p.player && (p.player.id || p.player.playerId)) || null;
  const name = p.name || (p.player && p.player.name) || null;
  return id ? { id, name } : null;
}

/** The list answer in three groups, whatever its shape ({upcoming, running, finished}, {tournaments}, [..]). */
export function groupTournaments(answer) {
  const groups = { upcoming: [], running: [], finished: [] };
  if (answer && !Array.isArray(answer) && ['upcoming', 'running', 'finished'].some(k => Array.isArray(answer[k]))) {
    for (const k of Object.keys(groups)) groups[k] = answer[k] || [];
    return groups;
  }
  const all = Array.isArray(answer) ? answer : (answer && (answer.tournaments || answer.items)) || [];
  for (const tour of all) groups[phaseOf(tour)].push(tour);
  return groups;
}

/** The rounds with their pairings: [{round, games: [{white, black, gameId, result, bye}], bye}], oldest first. */
export function roundsOf(tour) {
  // Matchmaking's detail view: pairings = [{round, games: [...], bye}].
  const nested = list => Array.isArray(list) && (!list.length || Array.isArray(list[0].games) || Array.isArray(list[0].pairings));
  const source = nested(tour.pairings) ? tour.pairings : Array.isArray(tour.rounds) ? tour.rounds
    : Array.isArray(tour.roundList) ? tour.roundList : Array.isArray(tour.schedule) ? tour.schedule : null;
  if (source) {
    return source.map((r, i) => ({
      round: r.round || r.number || i + 1,
      status: r.status || null,
      games: (r.games || r.pairings || []).map(pairingOf),
      bye: playerOf(r.bye || r.byePlayer || null),
    }));
  }
  // A flat list of games with their round numbers.
  const games = tour.games || tour.pairings || [];
  const byRound = new Map();
  for (const g of games) {
    const n = g.round || 1;
    if (!byRound.has(n)) byRound.set(n, { round: n, status: null, games: [], bye: null });
    const p = pairingOf(g);
    if (p.bye && !p.black) byRound.get(n).bye = p.white;
    else byRound.get(n).games.push(p);
  }
  return [...byRound.values()].sort((a, b) => a.round - b.round);
}

function pairingOf(g) {
  return {
    white: playerOf(g.white || g.whitePlayer || g.whiteId),
    black: playerOf(g.black || g.blackPlayer || g.blackId),
    gameId: g.gameId || g.id || null,
    result: g.result || g.status || null,
    reason: g.reason || null,
    bye: !!g.bye,
    whitePoints: g.whitePoints,
    blackPoints: g.blackPoints,
  };
}

/** The standings lines, best first: {rank, player, points, wins, draws, losses, byes, played}. */
export function standingsOf(tour) {
  const lines = tour.standings || tour.standing || [];
  return lines.map((line, i) => ({
    rank: line.rank || i + 1,
    player: playerOf(line.player || line) || { id: line.playerId, name: line.name },
    points: line.points ?? 0,
    wins: line.wins ?? 0,
    draws: line.draws ?? 0,
    losses: line.losses ?? 0,
    byes: line.byes ?? 0,
    played: line.played ?? line.games ?? null,
  }));
}

function playersOf(tour) {
  return (tour.players || tour.participants || tour.entrants || []).map(playerOf).filter(Boolean);
}

function countOf(tour) {
  if (typeof tour.playerCount === 'number') return tour.playerCount;
  if (typeof tour.players === 'number') return tour.players;
  return playersOf(tour).length;
}

function roundsCount(tour) {
  if (typeof tour.rounds === 'number') return tour.rounds;
  if (typeof tour.roundCount === 'number') return tour.roundCount;
  if (typeof tour.totalRounds === 'number') return tour.totalRounds;
  return Array.isArray(tour.rounds) ? tour.rounds.length : null;
}

function when(iso) {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  return at.toLocaleString([], { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function tcText(value) {
  return typeof value === 'string' ? formatPreset(value) : formatGameTimeControl(value);
}

function statusKey(tour) {
  const status = String(tour.status || '').toUpperCase();
  return ['CANCELLED', 'CANCELED'].includes(status) ? 'tour.status.cancelled' : 'tour.status.' + phaseOf(tour);
}

function summary(tour) {
  const rounds = roundsCount(tour);
  const max = tour.maxPlayers ? `/${tour.maxPlayers}` : '';
  return [t('tour.format.' + String(tour.format || 'SWISS').toUpperCase()),
    rounds ? t('tour.roundsN', { n: rounds }) : null,
    variantName(tour.variant), tcText(tour.timeControl),
    t('tour.playersN', { n: countOf(tour), max })].filter(Boolean).join(' · ');
}

function resultText(p) {
  if (String(p.result || '').toUpperCase() === 'BYE') return t('tour.bye');
  if (!p.result || ['ONGOING', 'PENDING', 'CREATED', 'STARTED', 'READY'].includes(String(p.result).toUpperCase())) return t('tour.inPlay');
  const key = 'result.' + p.result;
  const text = t(key) !== key ? t(key) : String(p.result);
  return p.reason && t('reason.' + p.reason) !== 'reason.' + p.reason ? `${text} (${t('reason.' + p.reason)})` : text;
}

// --- the list and the create form ------------------------------------------------------------------------

export function mountTournaments(container) {
  let alive = true;
  let groups = null;
  let failure = null;
  const lists = {
    upcoming: h('ul', { id: 'tour-upcoming', class: 'game-list tour-list' }),
    running: h('ul', { id: 'tour-running', class: 'game-list tour-list' }),
    finished: h('ul', { id: 'tour-finished', class: 'game-list tour-list scroll' }),
  };
  const form = createForm();
  const status = h('p', { id: 'tour-list-status', class: 'muted', hidden: true });
  container.replaceChildren(h('section', { class: 'tournaments' },
    h('h2', { 'data-i18n': 'tour.title' }, t('tour.title')), status,
    h('div', { class: 'cards' },
      h('div', { class: 'card', id: 'card-tour-running' }, h('h3', { 'data-i18n': 'tour.running' }, t('tour.running')), lists.running),
      h('div', { class: 'card', id: 'card-tour-upcoming' }, h('h3', { 'data-i18n': 'tour.upcoming' }, t('tour.upcoming')), lists.upcoming),
      form.card,
      h('div', { class: 'card', id: 'card-tour-finished' }, h('h3', { 'data-i18n': 'tour.finished' }, t('tour.finished')), lists.finished)),
    h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));

  function item(tour) {
    const id = tour.id || tour.tournamentId;
    return h('li', { 'data-tournament-id': id, 'data-status': String(tour.status || '') },
      h('a', { class: 'tour-name', href: `#/tournament/${encodeURIComponent(id)}` }, tour.name || id),
      h('span', { class: 'muted' }, ` ${summary(tour)} `),
      tour.startsAt ? h('time', { class: 'muted when', datetime: tour.startsAt }, ` · ${t('tour.startsAt', { time: when(tour.startsAt) })}`) : null,
      h('span', { class: 'badge' }, t(statusKey(tour))));
  }

  function render() {
    if (!alive) return;
    status.hidden = !failure;
    status.textContent = failure ? describeError(failure) : '';
    if (!groups) return;
    for (const [key, list] of Object.entries(lists)) {
      const items = groups[key] || [];
      list.dataset.count = String(items.length);
      list.replaceChildren(...(items.length ? items.map(item) : [h('li', { class: 'muted empty' }, t('tour.none'))]));
    }
    form.render();
  }

  async function load() {
    try {
      const answer = await api(BASE, { auth: false });
      if (!alive) return;
      groups = groupTournaments(answer);
      failure = null;
    } catch (e) {
      failure = e;
    }
    render();
  }

  const timer = setInterval(load, 10000);
  load();
  form.render();

  return {
    unmount() {
      alive = false;
      clearInterval(timer);
    },
    sessionChanged: render,
    retranslate() {
      translatePage(container);
      form.retranslate();
      render();
    },
  };
}

/** The create form: name, format, rounds, variant, time control, start, max players, ranking. */
function createForm() {
  const el = {
    name: h('input', { id: 'tour-name', type: 'text', maxlength: 60, required: true, autocomplete: 'off',
      placeholder: t('tour.namePlaceholder'), 'data-i18n-placeholder': 'tour.namePlaceholder' }),
    format: h('select', { id: 'tour-format' }, FORMATS.map(f => h('option', { value: f, 'data-i18n': 'tour.format.' + f }, t('tour.format.' + f)))),
    rounds: h('input', { id: 'tour-rounds', type: 'number', min: 1, max: 20, value: 3, inputmode: 'numeric' }),
    variant: variantSelect('tour-variant'),
    time: h('select', { id: 'tour-time' }),
    startsAt: h('input', { id: 'tour-starts', type: 'datetime-local' }),
    maxPlayers: h('input', { id: 'tour-max', type: 'number', min: 2, max: 64, value: 8, inputmode: 'numeric' }),
    ranking: h('select', { id: 'tour-ranking' }, RANKINGS.map(r => h('option', { value: r, 'data-i18n': 'tour.ranking.' + r }, t('tour.ranking.' + r)))),
    submit: h('button', { id: 'tour-create', type: 'submit', class: 'primary', 'data-i18n': 'tour.create' }, t('tour.create')),
    note: h('p', { id: 'tour-create-note', class: 'muted small-note' }),
    roundsNote: h('p', { class: 'muted small-note', 'data-i18n': 'tour.roundsNote' }, t('tour.roundsNote')),
  };
  const field = (key, control) => h('label', { class: 'field' }, h('span', { 'data-i18n': key }, t(key)), control);
  const formEl = h('form', { id: 'tour-form', class: 'tour-form' },
    h('label', { class: 'field stacked' }, h('span', { 'data-i18n': 'tour.name' }, t('tour.name')), el.name),
    field('tour.formatLabel', el.format), field('tour.rounds', el.rounds), el.roundsNote,
    field('lobby.variant', el.variant), field('lobby.timeControl', el.time),
    field('tour.starts', el.startsAt), field('tour.maxPlayers', el.maxPlayers), field('tour.rankingLabel', el.ranking),
    el.submit, el.note);
  const card = h('div', { class: 'card', id: 'card-tour-create' }, h('h3', { 'data-i18n': 'tour.createTitle' }, t('tour.createTitle')), formEl);

  // A start ten minutes from now, in the browser's time zone (datetime-local has none).
  const local = (date) => {
    const pad = n => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  };
  el.startsAt.value = local(new Date(Date.now() + 10 * 60000));
  el.format.addEventListener('change', () => {
    // Round robin: every player meets every other; the server counts the rounds when none are given.
    if (el.format.value === 'ROUND_ROBIN') el.rounds.value = '';
    else if (!el.rounds.value) el.rounds.value = '3';
  });

  timeControls().then(({ names, preferred }) => {
    el.time.replaceChildren(...presetOptions(names.filter(n => n !== 'untimed')));
    if (names.includes(preferred)) el.time.value = preferred;
  }).catch(e => toast(describeError(e), 'error'));

  formEl.addEventListener('submit', async (e) => {
    e.preventDefault();
    const session = auth.current();
    if (!session || session.kind !== 'account') {
      toast(t('tour.accountsOnly'), 'error');
      return;
    }
    const name = el.name.value.trim();
    if (!name || name.length > 60) {
      toast(t('tour.badName'), 'error');
      el.name.focus();
      return;
    }
    const starts = new Date(el.startsAt.value);
    if (Number.isNaN(starts.getTime())) {
      toast(t('tour.badStart'), 'error');
      el.startsAt.focus();
      return;
    }
    const body = {
      name, format: el.format.value, variant: el.variant.value, timeControl: el.time.value,
      startsAt: starts.toISOString(), maxPlayers: Number(el.maxPlayers.value), ranking: el.ranking.value,
    };
    if (el.rounds.value) body.rounds = Number(el.rounds.value);
    el.submit.disabled = true;
    try {
      const created = await api(BASE, { method: 'POST', body });
      const id = created && (created.id || created.tournamentId);
      toast(t('tour.created', { name }));
      if (id) location.hash = `#/tournament/${encodeURIComponent(id)}`;
    } catch (err) {
      toast(describeError(err), 'error');
    } finally {
      el.submit.disabled = false;
    }
  });

  function render() {
    const session = auth.current();
    const account = !!(session && session.kind === 'account');
    for (const control of Object.values(el)) if (control.tagName !== 'P') control.disabled = !account;
    el.note.textContent = account ? t('tour.createNote') : t('tour.accountsOnly');
  }

  return {
    card,
    render,
    retranslate() {
      el.name.placeholder = t('tour.namePlaceholder');
      render();
    },
  };
}

// --- one tournament ----------------------------------------------------------------------------------------

export function mountTournament(container, tournamentId) {
  let alive = true;
  let tour = null;
  let failure = null;
  let busy = false;
  let timer = null;
  const el = {
    title: h('h2', { id: 'tour-title' }, t('common.loading')),
    status: h('span', { id: 'tour-status', class: 'badge' }),
    summary: h('p', { id: 'tour-summary', class: 'muted' }),
    start: h('p', { id: 'tour-start', class: 'muted' }),
    actions: h('div', { id: 'tour-actions', class: 'row' }),
    error: h('p', { id: 'tour-error', class: 'error', hidden: true }),
    players: h('ul', { id: 'tour-players', class: 'game-list tour-players' }),
    standings: h('table', { id: 'tour-standings', class: 'leaderboard standings' }),
    rounds: h('div', { id: 'tour-rounds', class: 'tour-rounds' }),
  };
  container.replaceChildren(h('section', { class: 'tournament', 'data-tournament-id': tournamentId },
    h('div', { class: 'tour-head' }, el.title, el.status), el.summary, el.start, el.actions, el.error,
    h('div', { class: 'cards' },
      h('div', { class: 'card', id: 'card-tour-standings' }, h('h3', { 'data-i18n': 'tour.standings' }, t('tour.standings')), el.standings),
      h('div', { class: 'card', id: 'card-tour-players' }, h('h3', { 'data-i18n': 'tour.players' }, t('tour.players')), el.players),
      h('div', { class: 'card wide', id: 'card-tour-rounds' }, h('h3', { 'data-i18n': 'tour.rounds' }, t('tour.rounds')), el.rounds)),
    h('p', {}, h('a', { href: '#/tournaments', 'data-i18n': 'tour.all' }, t('tour.all')), ' · ',
      h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));

  const me = () => auth.current();
  const joined = () => !!(tour && me() && (tour.joined === true || playersOf(tour).some(p => p.id === me().id)));

  async function load() {
    clearTimeout(timer);
    timer = null;
    try {
      // With the token when there is one (the view then says whether I joined); anyone may read it.
      const answer = await api(`${BASE}/${encodeURIComponent(tournamentId)}`);
      if (!alive) return;
      tour = answer && answer.tournament ? { ...answer.tournament, ...answer } : answer;
      failure = null;
    } catch (e) {
      if (!alive) return;
      failure = e;
    }
    render();
    // Live while it runs (and in its last minute before the start); else now and then.
    const startsIn = tour && tour.startsAt ? Date.parse(tour.startsAt) - Date.now() : Infinity;
    const phase = tour ? phaseOf(tour) : 'upcoming';
    const fast = phase === 'running' || (phase === 'upcoming' && startsIn < 60000);
    if (alive && !(failure && failure.status === 404) && phase !== 'finished') timer = setTimeout(load, fast ? RUNNING_POLL_MILLIS : IDLE_POLL_MILLIS);
  }

  async function join(leave) {
    if (busy) return;
    const session = me();
    if (!session || session.kind !== 'account') {
      toast(t('tour.accountsOnly'), 'error');
      return;
    }
    busy = true;
    render();
    try {
      await api(`${BASE}/${encodeURIComponent(tournamentId)}/join`, { method: leave ? 'DELETE' : 'POST' });
      toast(t(leave ? 'tour.left' : 'tour.joined'));
    } catch (e) {
      toast(describeError(e), 'error');
    } finally {
      busy = false;
    }
    load();
  }

  async function cancel() {
    if (busy) return;
    busy = true;
    try {
      await api(`${BASE}/${encodeURIComponent(tournamentId)}/cancel`, { method: 'POST' });
    } catch (e) {
      toast(describeError(e), 'error');
    } finally {
      busy = false;
    }
    load();
  }

  function renderActions() {
    const session = me();
    const buttons = [];
    const phase = phaseOf(tour);
    if (phase === 'upcoming') {
      if (joined()) {
        buttons.push(h('button', { id: 'tour-leave', type: 'button', disabled: busy, onclick: () => join(true) }, t('tour.leave')));
      } else if (session && session.kind === 'account') {
        const full = tour.maxPlayers && countOf(tour) >= tour.maxPlayers;
        buttons.push(h('button', { id: 'tour-join', type: 'button', class: 'primary', disabled: busy || full, onclick: () => join(false) },
          full ? t('tour.full') : t('tour.join')));
      } else {
        buttons.push(h('span', { class: 'muted', id: 'tour-join-note' }, t('tour.accountsOnly')));
      }
      if (auth.staffRole(session)) {
        buttons.push(h('button', { id: 'tour-cancel', type: 'button', class: 'danger', disabled: busy, onclick: cancel }, t('tour.cancel')));
      }
    } else if (joined()) {
      buttons.push(h('span', { class: 'badge you', id: 'tour-you-play' }, t('tour.youPlay')));
    }
    el.actions.replaceChildren(...buttons);
  }

  function renderPlayers() {
    const players = playersOf(tour);
    el.players.dataset.count = String(players.length);
    el.players.replaceChildren(...(players.length
      ? players.map(p => h('li', { 'data-player-id': p.id, class: me() && me().id === p.id ? 'mine' : null }, playerLink(p),
        me() && me().id === p.id ? h('span', { class: 'badge you' }, t('game.you')) : null))
      : [h('li', { class: 'muted empty' }, t('tour.noPlayers'))]));
  }

  function renderStandings() {
    const lines = standingsOf(tour);
    if (!lines.length) {
      el.standings.replaceChildren(h('caption', { class: 'muted' }, t('tour.noStandings')));
      return;
    }
    el.standings.replaceChildren(
      h('thead', {}, h('tr', {}, h('th', {}, t('lb.rank')), h('th', {}, t('lb.player')), h('th', {}, t('tour.points')),
        h('th', {}, t('tour.wins')), h('th', {}, t('tour.drawsLosses')))),
      h('tbody', {}, lines.map(line => h('tr', { 'data-player-id': line.player && line.player.id,
        class: me() && line.player && me().id === line.player.id ? 'mine' : null },
        h('td', {}, String(line.rank)), h('td', {}, playerLink(line.player)),
        h('td', { class: 'points' }, String(line.points)), h('td', { class: 'wins' }, String(line.wins)),
        h('td', { class: 'muted' }, `${line.draws} / ${line.losses}${line.byes ? ` · ${t('tour.byesN', { n: line.byes })}` : ''}`)))));
  }

  function renderRounds() {
    const rounds = roundsOf(tour);
    if (!rounds.length) {
      el.rounds.replaceChildren(h('p', { class: 'muted' }, phaseOf(tour) === 'upcoming' ? t('tour.notStarted') : t('tour.noRounds')));
      return;
    }
    el.rounds.replaceChildren(...rounds.slice().reverse().map(r => h('section', { class: 'tour-round', id: `tour-round-${r.round}`,
      'data-round': r.round },
      h('h4', {}, t('tour.round', { n: r.round })),
      h('ul', { class: 'game-list' },
        ...r.games.map(p => h('li', { class: 'pairing', 'data-game-id': p.gameId || '',
          'data-mine': me() && [p.white, p.black].some(x => x && x.id === me().id) ? 'true' : null },
          h('span', { class: 'pair' }, playerLink(p.white), ' – ', p.black ? playerLink(p.black) : t('tour.bye')),
          h('span', { class: 'muted result' }, ` ${p.black ? resultText(p) : t('tour.bye')}`
            + (typeof p.whitePoints === 'number' && typeof p.blackPoints === 'number' ? ` · ${p.whitePoints}–${p.blackPoints}` : '') + ' '),
          p.gameId ? h('a', { class: 'button small', href: `#/game/${encodeURIComponent(p.gameId)}` },
            me() && [p.white, p.black].some(x => x && x.id === me().id) && !p.result ? t('lobby.continue') : t('lobby.watch')) : null)),
        // The bye, unless the games list already has it as a board without Black.
        r.bye && !r.games.some(p => !p.black) ? h('li', { class: 'pairing bye', 'data-bye': r.bye.id }, playerLink(r.bye), ` · ${t('tour.bye')}`) : null))));
  }

  function render() {
    if (!alive) return;
    if (failure && !tour) {
      el.title.textContent = t('tour.title');
      el.error.hidden = false;
      el.error.textContent = failure.status === 404 ? t('tour.unknown') : describeError(failure);
      return;
    }
    el.error.hidden = true;
    if (!tour) return;
    el.title.textContent = tour.name || tournamentId;
    el.status.textContent = t(statusKey(tour));
    el.status.dataset.status = String(tour.status || '');
    el.status.dataset.phase = phaseOf(tour);
    el.summary.textContent = `${summary(tour)} · ${t('tour.ranking.' + String(tour.ranking || 'POINTS_THEN_WINS').toUpperCase())}`;
    el.summary.dataset.variant = variantOf(tour.variant);
    const round = tour.currentRound || tour.round;
    el.start.textContent = [tour.startsAt ? t('tour.startsAt', { time: when(tour.startsAt) }) : '',
      round && phaseOf(tour) === 'running' ? t('tour.roundOf', { n: round, total: roundsCount(tour) || '?' }) : '',
      tour.createdBy ? t('tour.createdBy', { name: (playerOf(tour.createdBy) || {}).name || '?' }) : ''].filter(Boolean).join(' · ');
    renderActions();
    renderPlayers();
    renderStandings();
    renderRounds();
  }

  // A round paired, a move in one of its games: look again now rather than at the next poll.
  const offNotification = onNotification((event) => {
    if (event.tournamentId === tournamentId || event.type === 'YourTurn' || event.type === 'TournamentGameReady') load();
  });
  load();

  return {
    unmount() {
      alive = false;
      clearTimeout(timer);
      offNotification();
    },
    sessionChanged: render,
    retranslate() {
      translatePage(container);
      render();
    },
  };
}
