// "My games" (#/games): every ongoing game of the signed-in player from GET /api/games/mine, the games where it
// is your move first (earliest deadline first, as the game service sorts them), with the time left on each
// turn-based move and the vacation days left this year. The lobby's "your games" card reads the same list.
import { h } from './util.js';
import { t, translatePage } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { playerLink, describeError, onNotification, onLobby } from './ui.js';
import { formatGameTimeControl, formatDeadline, isTurnBased } from './time-control.js';
import { variantName, variantOf } from './variant.js';

/** A listing's game id (the mine endpoint says gameId, the game lists id). */
export function gameIdOfListing(g) {
  return (g && (g.gameId || g.id)) || '';
}

function colourOf(game, playerId) {
  if (game.white && game.white.id === playerId) return 'WHITE';
  if (game.black && game.black.id === playerId) return 'BLACK';
  return null;
}

/** Whether it is `playerId`'s move in a listing (the server's yourTurn when it says so). */
export function yourTurn(game, playerId) {
  if (typeof game.yourTurn === 'boolean') return game.yourTurn;
  return !!game.toMove && game.toMove === colourOf(game, playerId);
}

/**
 * {games, vacation} for the signed-in player: GET /api/games/mine; where the game service has no such endpoint
 * yet (404), its live-games list filtered to the player, without deadlines or vacation.
 */
export async function loadMine(session) {
  if (!session) return { games: [], vacation: null };
  try {
    const answer = await api('/api/games/mine');
    const games = (answer && answer.games) || [];
    return { games: games.map(g => ({ ...g, id: gameIdOfListing(g) })), vacation: (answer && answer.vacation) || null, mine: true };
  } catch (e) {
    if (e.status !== 404 && e.status !== 405) throw e;
  }
  const games = await api(`/api/games?status=live&player=${encodeURIComponent(session.id)}&limit=50`, { auth: false });
  return { games: (games || []).filter(g => colourOf(g, session.id)), vacation: null, mine: false };
}

/** "3 of 14 vacation days left in 2026" from {year, allowanceDays, usedDays}. */
export function vacationLine(vacation) {
  if (!vacation || typeof vacation.allowanceDays !== 'number') return '';
  const left = Math.max(0, vacation.allowanceDays - (vacation.usedDays || 0));
  return t('mine.vacation', { left, total: vacation.allowanceDays, year: vacation.year || new Date().getUTCFullYear() });
}

export function mountGames(container) {
  const list = h('ul', { id: 'mine-list', class: 'game-list mine-list' });
  const others = h('ul', { id: 'mine-others', class: 'game-list mine-list' });
  const vacation = h('p', { id: 'mine-vacation', class: 'muted', hidden: true });
  const status = h('p', { id: 'mine-status', class: 'muted' }, t('common.loading'));
  container.replaceChildren(h('section', { class: 'mine card wide' },
    h('h2', { 'data-i18n': 'mine.title' }, t('mine.title')), vacation, status,
    h('h3', { 'data-i18n': 'mine.yourTurn' }, t('mine.yourTurn')), list,
    h('h3', { 'data-i18n': 'mine.theirTurn' }, t('mine.theirTurn')), others,
    h('p', {}, h('a', { href: '#/tournaments', 'data-i18n': 'tour.all' }, t('tour.all')), ' · ',
      h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));

  let alive = true;
  let data = null;
  let failure = null;
  let loading = false;

  async function load() {
    if (!alive || loading) return;
    const session = auth.current();
    if (!session) {
      data = null;
      render();
      return;
    }
    loading = true;
    try {
      data = await loadMine(session);
      failure = null;
    } catch (e) {
      failure = e;
    } finally {
      loading = false;
    }
    render();
  }

  function item(g, session) {
    const colour = colourOf(g, session.id);
    const opponent = colour === 'WHITE' ? g.black : g.white;
    const turn = yourTurn(g, session.id);
    const id = gameIdOfListing(g);
    const turnBased = isTurnBased(g.timeControl);
    const left = g.deadline ? formatDeadline(g.deadline) : '';
    return h('li', { 'data-game-id': id, 'data-turn': turn ? 'me' : 'them', 'data-variant': variantOf(g.variant),
      class: turn ? 'my-turn' : null },
      h('span', { class: 'pair' }, t('lobby.against'), ' ', playerLink(opponent)),
      h('span', { class: 'muted' }, ` ${variantName(g.variant)} · ${colour ? t('colour.' + colour) : ''} · ${formatGameTimeControl(g.timeControl)}`
        + ` · ${t('lobby.ply', { n: g.ply || 0 })}${g.tournamentId ? ' · ' + t('tour.game') : ''} `),
      left && (turn || turnBased) ? h('span', { class: turn ? 'badge turn deadline-left' : 'badge deadline-left', 'data-deadline': g.deadline },
        turn ? left : t('mine.theyHave', { time: left })) : null,
      g.tournamentId ? h('a', { class: 'small', href: `#/tournament/${encodeURIComponent(g.tournamentId)}` }, t('tour.open')) : null,
      h('a', { class: 'button small primary', href: `#/game/${encodeURIComponent(id)}` }, turn ? t('mine.play') : t('lobby.continue')));
  }

  function render() {
    if (!alive) return;
    const session = auth.current();
    if (!session) {
      status.hidden = false;
      status.textContent = t('mine.signIn');
      list.replaceChildren();
      others.replaceChildren();
      vacation.hidden = true;
      return;
    }
    if (failure && !data) {
      status.hidden = false;
      status.textContent = describeError(failure);
      return;
    }
    if (!data) return;
    const games = data.games.filter(g => colourOf(g, session.id));
    const mineFirst = games.filter(g => yourTurn(g, session.id));
    const theirs = games.filter(g => !yourTurn(g, session.id));
    status.hidden = games.length > 0;
    status.textContent = games.length ? '' : t('mine.none');
    list.dataset.count = String(mineFirst.length);
    others.dataset.count = String(theirs.length);
    list.replaceChildren(...(mineFirst.length ? mineFirst.map(g => item(g, session))
      : [h('li', { class: 'muted empty' }, t('mine.noneYourTurn'))]));
    others.replaceChildren(...theirs.map(g => item(g, session)));
    const line = vacationLine(data.vacation);
    vacation.hidden = !line;
    vacation.textContent = line;
  }

  // A move against me (YourTurn), a new game: the list changes. The lobby feed's live list moves with every move.
  const offNotification = onNotification((event) => {
    if (['YourTurn', 'SeekMatched', 'InvitationAccepted', 'GameReady', 'TournamentGameReady'].includes(event.type)) load();
  });
  let lastLive = null;
  const offLobby = onLobby((state) => {
    const key = JSON.stringify((state.liveGames || []).map(g => [g.id, g.ply]));
    if (key !== lastLive) {
      lastLive = key;
      load();
    }
  });
  // The time left is shown in minutes: redrawn every half minute; the list asked for again every 30 s.
  const ticker = setInterval(render, 30000);
  const refresher = setInterval(load, 30000);
  load();

  return {
    unmount() {
      alive = false;
      offNotification();
      offLobby();
      clearInterval(ticker);
      clearInterval(refresher);
    },
    sessionChanged: load,
    retranslate() {
      translatePage(container);
      render();
    },
  };
}
