// Bits of UI every page uses: the toast, links to players, readable errors, the lobby feed.
import { h, ReconnectingSocket, wsUrl } from './util.js';
import { t } from './i18n.js';
import * as auth from './auth.js';
import { Server, Client, Close } from './protocol.js';

let toastTimer = null;

export function toast(text, kind = 'info') {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, kind === 'error' ? 6000 : 4000);
}

/** A player's name, linked to the profile for accounts (guests and the computer have no rating). */
export function playerLink(player) {
  if (!player || !player.id) return document.createTextNode('?');
  const id = String(player.id);
  const name = player.name || id;
  if (id.startsWith('guest:') || id.startsWith('ai:')) return h('span', { class: 'player', 'data-player-id': id }, name);
  return h('a', { class: 'player', href: `#/player/${encodeURIComponent(id)}`, 'data-player-id': id }, name);
}

export function describeError(error) {
  if (!error) return t('common.error', { message: '?' });
  if (error.status === 503 || error.status === 502 || error instanceof TypeError) return t('common.unavailable');
  if (error.status === 401) return t('auth.needed');
  return t('common.error', { message: error.message || String(error) });
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
