// Bits of UI every page uses: the toast, links to players, readable errors, the lobby feed.
import { h, ReconnectingSocket, wsUrl } from './util.js';
import { t } from './i18n.js';
import * as auth from './auth.js';
import { Server, Client, Close } from './protocol.js';

let toastTimer = null;

export function toast(text, kind = 'info', link = null) {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = text;
  // A toast may carry one link ({href, text, id}): a notification's "open the game".
  if (link && link.href) {
    const a = h('a', { href: link.href, id: link.id || null, class: 'toast-link' }, link.text || link.href);
    a.addEventListener('click', () => { el.hidden = true; });
    el.append(' ', a);
  }
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, kind === 'error' || link ? 6000 : 4000);
}

// Names seen on this page load, by player id: a profile with no rated game is headed by the name the link
// showed, not by the raw id.
const knownNames = new Map();

export function knownName(id) {
  return knownNames.get(String(id)) || null;
}

/** A player's name, linked to the profile for accounts (guests and the computer have no rating). */
export function playerLink(player) {
  if (!player || !player.id) return document.createTextNode('?');
  const id = String(player.id);
  const name = player.name || id;
  if (player.name && knownNames.size < 5000) knownNames.set(id, player.name);
  if (id.startsWith('guest:') || id.startsWith('ai:')) return h('span', { class: 'player', 'data-player-id': id }, name);
  return h('a', { class: 'player', href: `#/player/${encodeURIComponent(id)}`, 'data-player-id': id }, name);
}

/** The key of a translated sentence for a refusal: error.<CODE> when the server's code has one. */
export function errorKey(error) {
  const code = error && error.body && (error.body.error || error.body.code);
  if (code && /^[A-Z_]{2,40}$/.test(code) && t('error.' + code) !== 'error.' + code) return 'error.' + code;
  return null;
}

/**
 * A refusal in the reader's language: the server's code (its body's "error") translated when we know it,
 * else a sentence for its status; the server's English message only when nothing better is known.
 */
export function describeError(error) {
  if (!error) return t('common.error', { message: '?' });
  if (error.status === 503 || error.status === 502 || error instanceof TypeError) return t('common.unavailable');
  const key = errorKey(error);
  if (key) return t(key);
  if (error.status === 401) return t('auth.needed');
  if (error.status === 403) return t('error.forbidden');
  if (error.status === 404) return t('error.notFound');
  if (error.status === 409) return t('error.conflict');
  if (error.status === 429) return t('error.tooMany');
  return t('common.error', { message: error.message || String(error) });
}

/**
 * A game is ready somewhere else: a banner with a link instead of taking the player there (they may be
 * watching or replaying another game). One banner at a time; it goes when followed or dismissed.
 */
export function gameReadyBanner(gameId, text) {
  const banner = document.getElementById('game-ready-banner');
  if (!banner || !gameId) return;
  const href = `#/game/${encodeURIComponent(gameId)}`;
  const go = h('a', { class: 'button small primary', id: 'game-ready-link', href, 'data-game-id': gameId }, t('banner.play'));
  const close = h('button', { type: 'button', class: 'small', id: 'game-ready-dismiss', 'aria-label': t('banner.dismiss'),
    title: t('banner.dismiss') }, '×');
  go.addEventListener('click', () => { banner.hidden = true; });
  close.addEventListener('click', () => { banner.hidden = true; });
  banner.replaceChildren(h('span', {}, text), go, close);
  banner.dataset.gameId = gameId;
  banner.hidden = false;
}

export function hideGameReadyBanner(gameId) {
  const banner = document.getElementById('game-ready-banner');
  if (banner && (!gameId || banner.dataset.gameId === gameId)) banner.hidden = true;
}

// --- the lobby socket: one per page load, for counts, live games and personal notifications -------

const lobbyListeners = new Set();
const notificationListeners = new Set();
let lastLobby = null;
let lobbySocket = null;

export function onLobby(fn) {
  lobbyListeners.add(fn);
  if (lastLobby) fn(lastLobby);
  return () => lobbyListeners.delete(fn);
}

export function onNotification(fn) {
  notificationListeners.add(fn);
  return () => notificationListeners.delete(fn);
}

async function authenticateLobby() {
  const token = await auth.token();
  if (token && lobbySocket) lobbySocket.send(Client.auth(token));
}

export function startLobbyFeed() {
  if (lobbySocket) return;
  lobbySocket = new ReconnectingSocket({
    url: () => wsUrl('/ws/lobby'),
    onOpen: authenticateLobby,
    onMessage: (message) => {
      if (message.type === Server.LOBBY) {
        lastLobby = message;
        lobbyListeners.forEach(fn => fn(message));
      } else if (message.type === Server.NOTIFICATION && message.event) {
        notificationListeners.forEach(fn => fn(message.event));
      }
    },
    retry: (code) => {
      if (code === Close.INVALID_TOKEN) auth.invalidate();
      return true;
    },
  });
  auth.onSessionChange((session) => {
    if (session) authenticateLobby();
    else lobbySocket.kick(); // a fresh, anonymous connection
  });
}
