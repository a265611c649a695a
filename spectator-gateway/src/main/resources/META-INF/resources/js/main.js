// Entry point: header (who, sign in/out, language), hash routes, and the lobby feed's notifications.
//   #/                 lobby
//   #/game/{id}        a game, live (play or watch)
//   #/replay/{id}      a game from its first move
//   #/player/{id}      a player's profile and rating history
//   #/invite/{code}    accept a friend's invitation
//   #/games            my ongoing games, my move first (live and turn-based)
//   #/tournaments      tournaments: upcoming, running, finished; create one
//   #/tournament/{id}  one tournament: players, rounds, pairings, standings
//   #/staff/...        staff pages (moderators and admins, see staff.js)
import { t, translatePage, setLanguage, language } from './i18n.js';
import * as auth from './auth.js';
import { h } from './util.js';
import { api } from './api.js';
import { toast, startLobbyFeed, onNotification, describeError, gameReadyBanner, hideGameReadyBanner } from './ui.js';
import { mountLobby } from './lobby.js';
import { mountGame } from './game.js';
import { mountProfile, mountInvite } from './profile.js';
import { mountStaff } from './staff.js';
import { mountGames } from './games.js';
import { mountTournaments, mountTournament } from './tournament.js';

const app = document.getElementById('app');
let page = null;

/** A hand-typed hash with a broken escape (#/player/%E0) is taken as it is, not thrown on. */
function safeDecode(part) {
  try {
    return decodeURIComponent(part);
  } catch (e) {
    return part;
  }
}

function route() {
  const hash = location.hash.replace(/^#/, '') || '/';
  const parts = hash.split('/').filter(Boolean).map(safeDecode);
  document.getElementById('sign-out-warning').hidden = true;
  if (parts[0] === 'game' && parts[1]) hideGameReadyBanner(parts[1]);
  if (page && page.unmount) page.unmount();
  page = null;
  window.scrollTo(0, 0);
  if (parts[0] === 'game' && parts[1]) {
    app.dataset.page = 'game';
    page = mountGame(app, parts[1]);
  } else if (parts[0] === 'replay' && parts[1]) {
    app.dataset.page = 'game';
    page = mountGame(app, parts[1], { replay: true });
  } else if (parts[0] === 'player' && parts[1]) {
    app.dataset.page = 'profile';
    page = mountProfile(app, parts[1]);
  } else if (parts[0] === 'invite' && parts[1]) {
    app.dataset.page = 'invite';
    page = mountInvite(app, parts[1]);
  } else if (parts[0] === 'games') {
    app.dataset.page = 'games';
    page = mountGames(app);
  } else if (parts[0] === 'tournaments') {
    app.dataset.page = 'tournaments';
    page = mountTournaments(app);
  } else if (parts[0] === 'tournament' && parts[1]) {
    app.dataset.page = 'tournament';
    page = mountTournament(app, parts[1]);
  } else if (parts[0] === 'staff') {
    app.dataset.page = 'staff';
    page = mountStaff(app, parts.slice(1));
  } else {
    app.dataset.page = 'lobby';
    page = mountLobby(app);
  }
  translatePage(app);
}

function renderHeader() {
  const session = auth.current();
  const who = document.getElementById('who');
  who.dataset.playerId = session ? session.id : '';
  if (!session) {
    who.replaceChildren();
  } else if (session.kind === 'guest') {
    who.replaceChildren(t('auth.guestAs', { name: session.name }));
  } else {
    // One's own profile, one click from every page.
    who.replaceChildren(h('a', { id: 'profile-link', href: `#/player/${encodeURIComponent(session.id)}`,
      title: t('header.profile') }, session.name));
  }
  // A guest can still sign in (or register on the sign-in page); only an account signs out, a guest leaves.
  document.getElementById('sign-in').hidden = !!(session && session.kind === 'account');
  document.getElementById('sign-out').hidden = !(session && session.kind === 'account');
  document.getElementById('leave-guest').hidden = !(session && session.kind === 'guest');
  // Staff pages for a token with the moderator or admin realm role (the services check it again).
  document.getElementById('staff-link').hidden = !auth.staffRole(session);
  document.getElementById('games-link').hidden = !session;
  translatePage(document.getElementById('top'));
}

/** The live games the signed-in player plays (the game service's player filter, checked here again). */
export async function myLiveGames() {
  const session = auth.current();
  if (!session) return [];
  const games = await api(`/api/games?status=live&player=${encodeURIComponent(session.id)}&limit=20`, { auth: false });
  return (games || []).filter(g => [g.white, g.black].some(p => p && p.id === session.id));
}

/** Signing out (or leaving as a guest) while playing: say so first, and sign out only when confirmed. */
async function signOutCarefully() {
  const warning = document.getElementById('sign-out-warning');
  let playing = [];
  try {
    playing = await myLiveGames();
  } catch (e) { /* the game service does not answer: nothing to warn about that we know of */ }
  if (!playing.length) {
    auth.signOut();
    return;
  }
  const anyway = h('button', { type: 'button', class: 'danger', id: 'sign-out-anyway' }, t('auth.signOutAnyway'));
  const stay = h('button', { type: 'button', id: 'sign-out-stay' }, t('common.cancel'));
  const game = h('a', { href: `#/game/${encodeURIComponent(playing[0].id)}`, id: 'sign-out-game' }, t('auth.backToGame'));
  anyway.addEventListener('click', () => { warning.hidden = true; auth.signOut(); });
  stay.addEventListener('click', () => { warning.hidden = true; });
  game.addEventListener('click', () => { warning.hidden = true; });
  warning.replaceChildren(h('span', {}, t('auth.signOutMidGame', { n: playing.length })), anyway, stay, game);
  warning.hidden = false;
  stay.focus();
}

// A move against me in a game I am not looking at (the lobby socket's YourTurn): "Your move against X" with a
// link. The event names the mover by id; the name comes from the game (one GET per notification).
const yourTurnNames = new Map();
async function yourTurnToast(event) {
  const gameId = event.gameId;
  if (!gameId || location.hash === `#/game/${gameId}`) return;
  let name = yourTurnNames.get(gameId) || null;
  if (!name) {
    try {
      const game = await api(`/api/games/${encodeURIComponent(gameId)}`, { auth: false });
      const mover = [game.white, game.black].find(p => p && p.id === event.playerId)
        || [game.white, game.black].find(p => p && auth.current() && p.id !== auth.current().id);
      name = (mover && mover.name) || null;
      if (name && yourTurnNames.size < 500) yourTurnNames.set(gameId, name);
    } catch (e) { /* the toast goes without the name */ }
  }
  if (location.hash === `#/game/${gameId}`) return;
  toast(t('notify.yourTurn', { name: name || '?' }), 'info',
    { href: `#/game/${encodeURIComponent(gameId)}`, text: t('notify.open'), id: 'your-turn-link' });
  const el = document.getElementById('toast');
  if (el) el.dataset.gameId = gameId;
}

function retranslate() {
  translatePage();
  renderHeader();
  if (page && page.retranslate) page.retranslate();
}

async function start() {
  const select = document.getElementById('lang');
  select.value = language();
  select.addEventListener('change', () => {
    setLanguage(select.value);
    retranslate();
  });
  document.getElementById('sign-in').addEventListener('click', () => auth.signIn().catch(e => toast(describeError(e), 'error')));
  document.getElementById('sign-out').addEventListener('click', signOutCarefully);
  document.getElementById('leave-guest').addEventListener('click', signOutCarefully);
  try {
    await auth.handleRedirect();
  } catch (e) {
    toast(describeError(e), 'error');
  }
  auth.onSessionChange(() => {
    renderHeader();
    if (page && page.sessionChanged) page.sessionChanged();
  });
  onNotification((event) => {
    const gameId = event.gameId;
    if (event.type === 'YourTurn') {
      yourTurnToast(event);
      return;
    }
    if (event.type === 'TournamentGameReady' && gameId) {
      if (location.hash === `#/game/${gameId}`) return;
      gameReadyBanner(gameId, t('banner.tournamentGame', { round: event.round || '?', name: (event.opponent && event.opponent.name) || '?' }));
      return;
    }
    if (event.type === 'RematchOffered') {
      toast(t('game.rematchAsked', { name: (event.from && event.from.name) || '?' }));
      return;
    }
    if (event.type === 'GameCreationFailed') {
      hideGameReadyBanner(gameId);
      toast(t('lobby.gameFailed'), 'error');
      return;
    }
    if (gameId && ['SeekMatched', 'InvitationAccepted', 'GameReady'].includes(event.type)) {
      if (location.hash === `#/game/${gameId}`) return;
      // Only a page waiting for exactly this (the lobby with a seek or an invitation out, a game page after
      // a rematch offer) goes there by itself; anywhere else the player gets a banner with a link.
      if (page && page.takeGame && page.takeGame(event)) return;
      gameReadyBanner(gameId, t('banner.gameReady', { name: (event.opponent && event.opponent.name) || '?' }));
    }
  });
  startLobbyFeed();
  renderHeader();
  window.addEventListener('hashchange', route);
  route();
}

start();
