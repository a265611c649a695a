// Entry point: header (who, sign in/out, language), hash routes, and the lobby feed's notifications.
//   #/                 lobby
//   #/game/{id}        a game, live (play or watch)
//   #/replay/{id}      a game from its first move
//   #/player/{id}      a player's profile and rating history
//   #/invite/{code}    accept a friend's invitation
import { t, translatePage, setLanguage, language } from './i18n.js';
import * as auth from './auth.js';
import { toast, startLobbyFeed, onNotification, describeError } from './ui.js';
import { mountLobby } from './lobby.js';
import { mountGame } from './game.js';
import { mountProfile, mountInvite } from './profile.js';

const app = document.getElementById('app');
let page = null;

function route() {
  const hash = location.hash.replace(/^#/, '') || '/';
  const parts = hash.split('/').filter(Boolean).map(decodeURIComponent);
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
  } else {
    app.dataset.page = 'lobby';
    page = mountLobby(app);
  }
  translatePage(app);
}

function renderHeader() {
  const session = auth.current();
  const who = document.getElementById('who');
  who.textContent = !session ? '' : session.kind === 'guest'
    ? t('auth.guestAs', { name: session.name }) : t('auth.signedInAs', { name: session.name });
  who.dataset.playerId = session ? session.id : '';
  document.getElementById('sign-in').hidden = !!(session && session.kind === 'account');
  document.getElementById('sign-out').hidden = !session;
  translatePage(document.getElementById('top'));
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
  document.getElementById('sign-out').addEventListener('click', () => auth.signOut());
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
    if (event.type === 'RematchOffered') {
      toast(t('game.rematchAsked', { name: (event.from && event.from.name) || '?' }));
      return;
    }
    if (gameId && ['SeekMatched', 'InvitationAccepted', 'GameReady'].includes(event.type)) {
      if (location.hash !== `#/game/${gameId}`) {
        toast(t('lobby.gameFound'));
        location.hash = `#/game/${gameId}`;
      }
    }
  });
  startLobbyFeed();
  renderHeader();
  window.addEventListener('hashchange', route);
  route();
}

start();
