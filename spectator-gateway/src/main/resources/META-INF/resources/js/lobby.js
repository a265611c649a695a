// The lobby: who you are, your games (live and turn-based, yours to move first), play the computer, quick match and the open seeks, invite a friend and
// the pending invitations, live and finished games, leaderboard and statistics, with the online/searching
// numbers from the lobby socket.
import { h } from './util.js';
import { t, translatePage } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, playerLink, describeError, onLobby, onNotification } from './ui.js';
import { timeControls } from './config.js';
import { formatGameTimeControl, formatOffered, formatDeadline, isTurnBased, presetOptions } from './time-control.js';
import { variantSelect, variantName, variantOf } from './variant.js';
import { loadMine, gameIdOfListing, yourTurn } from './games.js';
import { errorCode, formatTime } from './staff.js';
import { loadLevels, levelOptions, labelLevels, levelNote } from './levels.js';

function tr(key, attrs = {}, tag = 'span') {
  return h(tag, { ...attrs, 'data-i18n': key }, t(key));
}

function options(values, labelKey) {
  return values.map(v => h('option', { value: v, 'data-i18n': labelKey ? labelKey + v : null }, labelKey ? t(labelKey + v) : v));
}

/** "19:52" today, else the date and time: enough to tell two games of the same players apart. */
function startedAt(iso) {
  const when = new Date(iso);
  if (!iso || Number.isNaN(when.getTime())) return '';
  const sameDay = when.toDateString() === new Date().toDateString();
  return sameDay ? when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : when.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function colourOf(game, playerId) {
  if (!playerId) return null;
  if (game.white && game.white.id === playerId) return 'WHITE';
  if (game.black && game.black.id === playerId) return 'BLACK';
  return null;
}

function field(labelKey, control) {
  return h('label', { class: 'field' }, tr(labelKey), control);
}

export function mountLobby(container) {
  const timers = new Set();
  let alive = true;
  let seek = null;        // the waiting seek {id, timer}
  let invitation = null;  // the open invitation on the card {code, timer}
  let lobbyState = null;
  let mine = [];          // my live games (the game service's player filter)
  let pending = { sent: [], received: [] };
  let openSeeks = [];

  const el = {
    authBox: h('div', { id: 'auth-box', class: 'auth-box' }),
    suspension: h('p', { id: 'suspension-banner', 'data-testid': 'suspension-banner', class: 'banner warning sanction', role: 'status', hidden: true }),
    mute: h('p', { id: 'mute-banner', 'data-testid': 'mute-banner', class: 'banner warning sanction', role: 'status', hidden: true }),
    online: h('strong', { id: 'online-count' }, '–'),
    searching: h('strong', { id: 'searching-count' }, '–'),
    myGames: h('ul', { id: 'my-games', class: 'game-list' }),
    aiLevel: h('select', { id: 'ai-level', 'aria-describedby': 'ai-level-note' }, levelOptions(1)),
    aiLevelNote: h('p', { id: 'ai-level-note', class: 'muted small-note' }),
    aiColour: h('select', { id: 'ai-colour' }, options(['WHITE', 'BLACK', 'RANDOM'], 'colour.')),
    aiVariant: variantSelect('ai-variant'),
    aiTime: h('select', { id: 'ai-time' }),
    seekMode: h('select', { id: 'seek-mode' }, options(['CASUAL', 'RANKED'], 'mode.')),
    seekVariant: variantSelect('seek-variant'),
    seekTime: h('select', { id: 'seek-time' }),
    seekButton: h('button', { id: 'seek-button', type: 'button', 'data-i18n': 'lobby.seek' }, t('lobby.seek')),
    seekCancel: h('button', { id: 'seek-cancel', type: 'button', hidden: true, 'data-i18n': 'common.cancel' }, t('common.cancel')),
    seekStatus: h('p', { id: 'seek-status', class: 'status', hidden: true }),
    openSeeks: h('ul', { id: 'open-seeks', class: 'game-list scroll short' }),
    inviteMode: h('select', { id: 'invite-mode' }, options(['CASUAL', 'RANKED'], 'mode.')),
    inviteVariant: variantSelect('invite-variant'),
    inviteTime: h('select', { id: 'invite-time' }),
    inviteColour: h('select', { id: 'invite-colour' }, options(['RANDOM', 'WHITE', 'BLACK'], 'colour.')),
    inviteTo: h('input', { id: 'invite-to', type: 'text', autocomplete: 'off', maxlength: 64, spellcheck: 'false',
      placeholder: t('lobby.inviteToHint'), 'data-i18n-placeholder': 'lobby.inviteToHint' }),
    inviteButton: h('button', { id: 'invite-button', type: 'button', 'data-i18n': 'lobby.createInvite' }, t('lobby.createInvite')),
    inviteResult: h('div', { id: 'invite-result', class: 'invite-result', hidden: true }),
    joinCode: h('input', { id: 'join-code', type: 'text', autocomplete: 'off', maxlength: 64, 'data-i18n-placeholder': 'lobby.code' }),
    joinButton: h('button', { id: 'join-button', type: 'button', 'data-i18n': 'lobby.join' }, t('lobby.join')),
    sent: h('ul', { id: 'sent-invitations', class: 'game-list' }),
    received: h('ul', { id: 'received-invitations', class: 'game-list' }),
    live: h('ul', { id: 'live-games', class: 'game-list scroll' }),
    finished: h('ul', { id: 'finished-games', class: 'game-list scroll' }),
    leaderboard: h('table', { id: 'leaderboard', class: 'leaderboard' }),
    statistics: h('div', { id: 'statistics', class: 'statistics' }),
  };

  const cards = {
    mine: h('div', { class: 'card wide', id: 'card-my-games', hidden: true }, tr('lobby.myGames', {}, 'h2'), el.myGames,
      h('p', { class: 'small-note' }, h('a', { href: '#/games', id: 'lobby-all-games', 'data-i18n': 'mine.all' }, t('mine.all')))),
    pending: h('div', { class: 'card', id: 'card-invitations', hidden: true }, tr('lobby.pendingInvitations', {}, 'h2'),
      h('div', { id: 'received-box' }, tr('lobby.received', {}, 'h3'), el.received),
      h('div', { id: 'sent-box' }, tr('lobby.sent', {}, 'h3'), el.sent)),
  };

  const page = h('section', { class: 'lobby' },
    h('div', { class: 'hero' }, tr('auth.welcome', {}, 'p'), el.authBox, el.suspension, el.mute,
      h('p', { class: 'counts' },
        h('span', {}, tr('lobby.online'), ' ', el.online), h('span', {}, tr('lobby.searching'), ' ', el.searching))),
    h('div', { class: 'cards' },
      cards.mine,
      cards.pending,
      h('div', { class: 'card', id: 'card-computer' }, tr('lobby.playComputer', {}, 'h2'),
        field('lobby.variant', el.aiVariant), field('lobby.level', el.aiLevel), el.aiLevelNote, field('lobby.colour', el.aiColour),
        field('lobby.timeControl', el.aiTime),
        h('button', { id: 'play-ai', type: 'button', class: 'primary', onclick: playComputer, 'data-i18n': 'lobby.start' }, t('lobby.start'))),
      h('div', { class: 'card', id: 'card-seek' }, tr('lobby.quickMatch', {}, 'h2'),
        field('lobby.variant', el.seekVariant), field('lobby.mode', el.seekMode), field('lobby.timeControl', el.seekTime),
        h('div', { class: 'row' }, el.seekButton, el.seekCancel), el.seekStatus,
        tr('lobby.openSeeks', {}, 'h3'), el.openSeeks),
      h('div', { class: 'card', id: 'card-invite' }, tr('lobby.invite', {}, 'h2'),
        field('lobby.variant', el.inviteVariant), field('lobby.mode', el.inviteMode), field('lobby.timeControl', el.inviteTime),
        field('lobby.colour', el.inviteColour),
        h('label', { class: 'field stacked' }, tr('lobby.inviteTo'), el.inviteTo),
        el.inviteButton, el.inviteResult,
        h('div', { class: 'join' }, tr('lobby.joinCode', {}, 'p'), h('div', { class: 'row' }, el.joinCode, el.joinButton))),
      h('div', { class: 'card', id: 'card-live' }, tr('lobby.liveGames', {}, 'h2'), el.live),
      h('div', { class: 'card', id: 'card-finished' }, tr('lobby.finishedGames', {}, 'h2'), el.finished),
      h('div', { class: 'card', id: 'card-leaderboard' }, tr('lobby.leaderboard', {}, 'h2'), el.leaderboard),
      h('div', { class: 'card', id: 'card-statistics' }, tr('lobby.statistics', {}, 'h2'), el.statistics)));
  container.replaceChildren(page);

  el.seekButton.addEventListener('click', startSeek);
  el.seekCancel.addEventListener('click', cancelSeek);
  el.inviteButton.addEventListener('click', createInvitation);
  el.joinButton.addEventListener('click', () => {
    const code = el.joinCode.value.trim().replace(/^.*#\/invite\//, '').replace(/[\s-]+/g, '');
    if (code) location.hash = `#/invite/${encodeURIComponent(code)}`;
  });

  // The presets are matchmaking's: the selects fill when its list has come (a seek needs matchmaking
  // anyway); until then seeking and inviting wait, and a failed fetch is tried again.
  el.seekButton.disabled = true;
  el.inviteButton.disabled = true;
  loadPresets(0);

  // The levels' Elo estimates (the AI service's ladder); the select works without them.
  let ladder = null;
  el.aiLevelNote.textContent = levelNote(null);
  loadLevels().then((answer) => {
    if (!alive || !answer) return;
    ladder = answer;
    labelLevels(el.aiLevel, ladder);
    el.aiLevelNote.textContent = levelNote(ladder);
  });

  function loadPresets(failures) {
    timeControls().then(({ names, preferred }) => {
      if (!alive) return;
      for (const select of [el.seekTime, el.inviteTime]) {
        if (!select.options.length) {
          select.replaceChildren(...presetOptions(names));
          if (names.includes(preferred)) select.value = preferred;
        }
      }
      // The computer plays untimed unless asked for a clock (it thinks in its own time, days or not).
      if (!el.aiTime.options.length) {
        el.aiTime.replaceChildren(...presetOptions(names.includes('untimed') ? names : ['untimed', ...names]));
        el.aiTime.value = 'untimed';
      }
      el.seekButton.disabled = !!seek;
      el.inviteButton.disabled = false;
    }).catch((e) => {
      if (!alive) return;
      if (failures === 0) toast(describeError(e), 'error');
      later(() => loadPresets(failures + 1), 5000);
    });
  }

  function every(ms, fn) {
    const id = setInterval(fn, ms);
    timers.add(id);
    return id;
  }

  function later(fn, ms) {
    const id = setTimeout(() => { timers.delete(id); if (alive) fn(); }, ms);
    timers.add(id);
    return id;
  }

  function stop(id) {
    clearInterval(id);
    clearTimeout(id);
    timers.delete(id);
  }

  const me = () => auth.current();

  // A list is rebuilt only when what it shows changed, so that a button is not replaced under the pointer.
  const shownAs = new Map();
  function changed(list, data) {
    const key = JSON.stringify([t('lobby.play'), me() && me().id, data]);
    if (shownAs.get(list) === key) return false;
    shownAs.set(list, key);
    return true;
  }

  // --- who you are --------------------------------------------------------------------------------
  function renderAuth() {
    const session = me();
    if (session) {
      el.authBox.replaceChildren(h('p', { class: 'who-line', id: 'lobby-who' },
        session.kind === 'guest' ? t('auth.guestAs', { name: session.name }) : t('auth.signedInAs', { name: session.name })));
      return;
    }
    const name = h('input', { id: 'guest-name', type: 'text', maxlength: 24, autocomplete: 'nickname',
      placeholder: t('auth.guestName'), 'data-i18n-placeholder': 'auth.guestName' });
    const guest = h('button', { id: 'guest-button', type: 'button', class: 'primary', 'data-i18n': 'auth.guest' }, t('auth.guest'));
    const signIn = h('button', { id: 'sign-in-lobby', type: 'button', 'data-i18n': 'auth.signIn' }, t('auth.signIn'));
    guest.addEventListener('click', async () => {
      guest.disabled = true;
      try {
        await auth.continueAsGuest(name.value.trim());
      } catch (e) {
        toast(describeError(e), 'error');
      } finally {
        guest.disabled = false;
      }
    });
    signIn.addEventListener('click', () => auth.signIn().catch(e => toast(describeError(e), 'error')));
    el.authBox.replaceChildren(tr('auth.needed', {}, 'p'), h('div', { class: 'row guest-row' }, name, guest, signIn));
  }

  function requireSession(ranked = false) {
    const session = me();
    if (!session) {
      toast(t('auth.needed'), 'error');
      el.authBox.classList.add('attention');
      const input = document.getElementById('guest-name');
      if (input) input.focus();
      return false;
    }
    if (ranked && session.kind !== 'account') {
      toast(t('auth.rankedNeedsAccount'), 'error');
      return false;
    }
    return true;
  }

  // --- sanctions: a suspended (or muted) account reads until when and why -------------------------------
  let sanctions = null; // GET /api/matchmaking/sanctions/me, for the signed-in account
  async function loadSanctions() {
    const session = me();
    if (!session || session.kind !== 'account') {
      sanctions = null;
      renderSanctions();
      return;
    }
    try {
      const answer = await api('/api/matchmaking/sanctions/me');
      if (!alive || !me() || me().id !== session.id) return;
      sanctions = answer;
    } catch (e) {
      /* matchmaking does not answer: its refusals still say SUSPENDED */
    }
    renderSanctions();
  }

  function renderSanctions() {
    const s = sanctions || {};
    const line = (x, key, keyLifted) => (x.until ? t(key, { time: formatTime(x.until), reason: x.reason || '' })
      : t(keyLifted, { reason: x.reason || '' }));
    el.suspension.hidden = !(s.suspended && s.suspension);
    el.suspension.dataset.until = s.suspended && s.suspension ? s.suspension.until || '' : '';
    el.suspension.textContent = s.suspended && s.suspension ? line(s.suspension, 'lobby.suspendedUntil', 'lobby.suspendedLifted') : '';
    el.mute.hidden = !(s.muted && s.mute) || !el.suspension.hidden;
    el.mute.dataset.until = s.muted && s.mute ? s.mute.until || '' : '';
    el.mute.textContent = s.muted && s.mute ? line(s.mute, 'lobby.mutedUntil', 'lobby.mutedUntil') : '';
  }

  /** An action refused: the reason in the reader's language; a suspension also shows (or updates) the banner. */
  function refused(err) {
    toast(describeError(err), 'error');
    if (errorCode(err) === 'SUSPENDED') loadSanctions();
  }

  // --- your games: live ones you play, yours to move first -----------------------------------------
  // At most one request on its way and one every 2 s, however often the lobby socket speaks.
  let myGamesLoading = false;
  let myGamesAgain = false;
  let myGamesAt = 0;
  async function loadMyGames() {
    const session = me();
    if (!session) {
      mine = [];
      renderMyGames();
      return;
    }
    if (myGamesLoading) { myGamesAgain = true; return; }
    const wait = myGamesAt + 2000 - Date.now();
    if (wait > 0) {
      if (!myGamesAgain) { myGamesAgain = true; later(() => { myGamesAgain = false; loadMyGames(); }, wait); }
      return;
    }
    myGamesAt = Date.now();
    myGamesLoading = true;
    try {
      // GET /api/games/mine (live and turn-based, your turn first with deadlines); the live list where it is not there.
      const answer = await loadMine(session);
      if (!alive) return;
      mine = answer.games.filter(g => colourOf(g, session.id));
      renderMyGames();
    } catch (e) {
      /* the game service does not answer: keep what was shown */
    } finally {
      myGamesLoading = false;
      if (myGamesAgain && alive) { myGamesAgain = false; later(loadMyGames, 2000); }
    }
  }

  function myTurn(game, playerId) {
    return yourTurn(game, playerId);
  }

  function renderMyGames() {
    const session = me();
    cards.mine.hidden = !session || !mine.length;
    if (!session || !changed(el.myGames, mine)) return;
    // Your move first (the earliest deadline first, as the game service sorts them), then the others.
    const sorted = [...mine].sort((a, b) => Number(myTurn(b, session.id)) - Number(myTurn(a, session.id)));
    el.myGames.replaceChildren(...sorted.map((g) => {
      const colour = colourOf(g, session.id);
      const opponent = colour === 'WHITE' ? g.black : g.white;
      const turn = myTurn(g, session.id);
      const id = gameIdOfListing(g);
      const turnBased = isTurnBased(g.timeControl);
      const left = turnBased && g.deadline ? formatDeadline(g.deadline) : '';
      return h('li', { 'data-game-id': id, class: turn ? 'my-turn' : null, 'data-turn': turn ? 'me' : 'them',
        'data-turn-based': turnBased ? 'true' : 'false' },
        h('span', { class: 'pair' }, t('lobby.against'), ' ', playerLink(opponent)),
        h('span', { class: 'muted' }, ` ${variantName(g.variant)} · ${t('colour.' + colour)} · ${formatGameTimeControl(g.timeControl)} · ${t('lobby.ply', { n: g.ply })} `),
        h('span', { class: turn ? 'badge turn' : 'badge' }, turn ? t('game.yourTurn') : t('lobby.theirTurn')),
        left ? h('span', { class: 'deadline-left', 'data-deadline': g.deadline }, ` ${left} `) : null,
        h('a', { class: 'button small primary', href: `#/game/${encodeURIComponent(id)}` }, t('lobby.continue')));
    }));
  }

  // --- play the computer --------------------------------------------------------------------------
  async function playComputer(e) {
    if (!requireSession()) return;
    const button = e.currentTarget;
    button.disabled = true;
    try {
      const body = { level: Number(el.aiLevel.value), color: el.aiColour.value, variant: el.aiVariant.value };
      if (el.aiTime.value && el.aiTime.value !== 'untimed') body.timeControl = el.aiTime.value;
      const created = await api('/api/matchmaking/ai-games', { method: 'POST', body });
      if (created.gameReady === false) await gameReadiness(created.gameId);
      if (alive) location.hash = `#/game/${encodeURIComponent(created.gameId)}`;
    } catch (err) {
      refused(err);
    } finally {
      button.disabled = false;
    }
  }

  // --- quick match --------------------------------------------------------------------------------
  async function startSeek() {
    const mode = el.seekMode.value;
    if (!requireSession(mode === 'RANKED')) return;
    const turnBased = isTurnBased(el.seekTime.value);
    el.seekButton.disabled = true;
    try {
      const created = await api('/api/matchmaking/seeks', { method: 'POST',
        body: { mode, timeControl: el.seekTime.value, variant: el.seekVariant.value } });
      if (!alive) return;
      if (turnBased || created.turnBased) {
        // Days per move: the seek waits in the list (many at once, nobody need stay here); the game comes as a
        // notification and in "my games".
        el.seekButton.disabled = !!seek;
        toast(t('lobby.turnSeekPosted'));
        loadSeeks();
        return;
      }
      seek = { id: created.id };
      renderSeek(created);
      if (seek) seek.timer = every(2000, pollSeek);
      loadSeeks();
    } catch (err) {
      el.seekButton.disabled = false;
      refused(err);
    }
  }

  async function pollSeek() {
    if (!seek) return;
    try {
      renderSeek(await api(`/api/matchmaking/seeks/${encodeURIComponent(seek.id)}`));
    } catch (err) {
      if (err.status === 404) endSeek();
    }
  }

  /**
   * To the game. When matchmaking says it is not created yet (gameReady false: the CreateGame is on its way
   * to the game service), wait for it here rather than open a page that finds no game.
   */
  async function goToGame(gameId, ready) {
    if (ready === false) {
      el.seekStatus.hidden = false;
      el.seekStatus.textContent = t('invite.waitingGame');
      const outcome = await gameReadiness(gameId);
      if (!alive) return;
      el.seekStatus.hidden = !seek;
      if (outcome === 'FAILED') {
        toast(t('lobby.gameFailed'), 'error');
        return;
      }
    }
    toast(t('lobby.gameFound'));
    location.hash = `#/game/${encodeURIComponent(gameId)}`;
  }

  /** READY, FAILED, or UNKNOWN after a minute (the game page then keeps looking). */
  async function gameReadiness(gameId) {
    const until = Date.now() + 60000;
    let delay = 400;
    while (alive && Date.now() < until) {
      try {
        const status = await api(`/api/matchmaking/games/${encodeURIComponent(gameId)}`, { auth: false });
        if (status && status.gameReady) return 'READY';
        if (status && status.gameStatus === 'FAILED') return 'FAILED';
      } catch (e) { /* not known yet: ask again */ }
      await new Promise(resolve => later(resolve, delay));
      delay = Math.min(3000, delay * 1.5);
    }
    return 'UNKNOWN';
  }

  function renderSeek(view) {
    if (!alive) return;
    if (view.status === 'MATCHED' && view.gameId) {
      endSeek();
      goToGame(view.gameId, view.gameReady);
      return;
    }
    if (view.status !== 'WAITING') {
      endSeek();
      return;
    }
    el.seekStatus.hidden = false;
    el.seekStatus.dataset.status = 'WAITING';
    el.seekStatus.textContent = t('lobby.seeking');
    el.seekCancel.hidden = false;
    el.seekButton.disabled = true;
  }

  function endSeek() {
    if (seek && seek.timer) stop(seek.timer);
    seek = null;
    el.seekStatus.hidden = true;
    el.seekCancel.hidden = true;
    el.seekButton.disabled = false;
  }

  async function cancelSeek() {
    if (!seek) return;
    const id = seek.id;
    try {
      const view = await api(`/api/matchmaking/seeks/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (view && view.status === 'MATCHED' && view.gameId) {
        renderSeek(view);
        return;
      }
    } catch (err) {
      if (err.status === 409) { // matched first: go and play
        pollSeek();
        return;
      }
    }
    endSeek();
    loadSeeks();
  }

  // --- open seeks: anyone's waiting seek, joined with one click --------------------------------------
  async function loadSeeks() {
    try {
      const answer = await api('/api/matchmaking/seeks');
      if (!alive) return;
      openSeeks = (answer && answer.seeks) || [];
      renderSeeks();
    } catch (e) {
      if (!alive) return;
      shownAs.delete(el.openSeeks);
      el.openSeeks.replaceChildren(h('li', { class: 'muted' }, describeError(e)));
    }
  }

  function renderSeeks() {
    const session = me();
    if (!changed(el.openSeeks, openSeeks)) return;
    if (!openSeeks.length) {
      el.openSeeks.replaceChildren(h('li', { class: 'muted empty' }, t('lobby.noOpenSeeks')));
      return;
    }
    el.openSeeks.replaceChildren(...openSeeks.map((s) => {
      const own = s.own || !!(session && s.player && s.player.id === session.id);
      const rating = s.rating ? ` (${s.rating})` : '';
      const join = own ? h('span', { class: 'badge' }, t('lobby.yourSeek'))
        : h('button', { type: 'button', class: 'small primary join-seek', 'data-seek-id': s.id }, t('lobby.play'));
      if (!own) join.addEventListener('click', () => joinSeek(s, join));
      // One's own turn-based seek stays after the lobby is left: withdrawn from here.
      const withdraw = own && (s.turnBased || isTurnBased(s.timeControl)) && !(seek && seek.id === s.id)
        ? h('button', { type: 'button', class: 'small danger cancel-seek', 'data-seek-id': s.id }, t('common.cancel')) : null;
      if (withdraw) withdraw.addEventListener('click', () => withdrawSeek(s.id, withdraw));
      return h('li', { 'data-seek-id': s.id, class: own ? 'mine' : null },
        h('span', { class: 'pair' }, playerLink(s.player), rating),
        h('span', { class: 'muted', 'data-variant': variantOf(s.variant) }, ` ${variantName(s.variant)} · ${t('mode.' + s.mode)} · ${formatOffered(s)} `), join, withdraw);
    }));
  }

  async function withdrawSeek(id, button) {
    button.disabled = true;
    try {
      await api(`/api/matchmaking/seeks/${encodeURIComponent(id)}`, { method: 'DELETE' });
    } catch (err) {
      button.disabled = false;
      if (err.status !== 409) toast(describeError(err), 'error');
    }
    loadSeeks();
    loadMyGames();
  }

  async function joinSeek(s, button) {
    if (!requireSession(s.mode === 'RANKED')) return;
    button.disabled = true;
    try {
      const joined = await api(`/api/matchmaking/seeks/${encodeURIComponent(s.id)}/join`, { method: 'POST' });
      if (seek) endSeek(); // matchmaking cancelled our own seek in the same step
      goToGame(joined.gameId, joined.gameReady);
    } catch (err) {
      button.disabled = false;
      refused(err);
      loadSeeks();
    }
  }

  // --- invite a friend ----------------------------------------------------------------------------
  async function createInvitation() {
    const mode = el.inviteMode.value;
    if (!requireSession(mode === 'RANKED')) return;
    // An account's username, to address the invitation (it then shows in their lobby); empty: a link for anyone.
    const invitee = el.inviteTo.value.trim();
    if (invitee && !/^[A-Za-z0-9._@-]{1,64}$/.test(invitee)) {
      toast(t('error.BAD_INVITEE'), 'error');
      el.inviteTo.focus();
      return;
    }
    el.inviteButton.disabled = true;
    try {
      const body = { mode, timeControl: el.inviteTime.value, color: el.inviteColour.value, variant: el.inviteVariant.value };
      if (invitee) body.invitee = invitee;
      const view = await api('/api/matchmaking/invitations', { method: 'POST', body });
      el.inviteTo.value = '';
      if (!alive) return;
      showInvitation(view);
      loadInvitations();
    } catch (err) {
      refused(err);
    } finally {
      el.inviteButton.disabled = false;
    }
  }

  /** The open invitation on the card: its link, its code, withdraw; it stays there after navigating away and back. */
  function showInvitation(view) {
    if (invitation && invitation.timer) stop(invitation.timer);
    invitation = { code: view.code };
    const link = `${location.origin}/#/invite/${encodeURIComponent(view.code)}`;
    const input = h('input', { id: 'invite-link', type: 'text', readonly: true, value: link });
    const copy = h('button', { id: 'invite-copy', type: 'button' }, t('lobby.copy'));
    copy.addEventListener('click', async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(link);
      } catch (e) {
        document.execCommand && document.execCommand('copy');
      }
      copy.textContent = t('lobby.copied');
    });
    const cancel = h('button', { id: 'invite-cancel', type: 'button', class: 'danger' }, t('invite.withdraw'));
    cancel.addEventListener('click', () => cancelInvitation(view.code, cancel));
    el.inviteResult.replaceChildren(tr('lobby.inviteLink', {}, 'p'), h('div', { class: 'row' }, input, copy),
      h('p', {}, tr('lobby.code'), ': ', h('code', { id: 'invite-code' }, view.code),
        ` · ${variantName(view.variant)} · ${t('mode.' + view.mode)} · ${formatOffered(view)}`),
      h('div', { class: 'row' }, h('span', { class: 'status', id: 'invite-status' }, t('lobby.waitingFriend')), cancel));
    el.inviteResult.hidden = false;
    invitation.timer = every(3000, pollInvitation);
  }

  function clearInvitation() {
    if (invitation && invitation.timer) stop(invitation.timer);
    invitation = null;
    el.inviteResult.hidden = true;
    el.inviteResult.replaceChildren();
  }

  async function pollInvitation() {
    if (!invitation) return;
    const code = invitation.code;
    try {
      const view = await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}`);
      if (!invitation || invitation.code !== code) return;
      if (view.gameId) {
        clearInvitation();
        goToGame(view.gameId, view.gameReady);
      } else if (view.status !== 'OPEN') {
        clearInvitation();
        loadInvitations();
      }
    } catch (err) {
      if (err.status === 404) clearInvitation();
    }
  }

  async function cancelInvitation(code, button) {
    if (button) button.disabled = true;
    try {
      await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}`, { method: 'DELETE' });
      toast(t('invite.withdrawn'));
      if (invitation && invitation.code === code) clearInvitation();
    } catch (err) {
      if (button) button.disabled = false;
      toast(describeError(err), 'error');
    }
    loadInvitations();
  }

  async function declineInvitation(code, button) {
    button.disabled = true;
    try {
      await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}/decline`, { method: 'POST' });
    } catch (err) {
      button.disabled = false;
      toast(describeError(err), 'error');
    }
    loadInvitations();
  }

  // --- pending invitations: sent (withdraw) and received (accept, decline) ---------------------------
  async function loadInvitations() {
    if (!me()) {
      pending = { sent: [], received: [] };
      renderInvitations();
      return;
    }
    try {
      const answer = await api('/api/matchmaking/invitations');
      if (!alive) return;
      pending = { sent: (answer && answer.sent) || [], received: (answer && answer.received) || [] };
      renderInvitations();
      // Back in the lobby with an invitation out: the card shows it again (the newest one).
      if (!invitation && pending.sent.length) showInvitation(pending.sent[0]);
      if (invitation && !pending.sent.some(v => v.code === invitation.code)) pollInvitation();
    } catch (e) {
      /* matchmaking does not answer: keep what was shown */
    }
  }

  function invitationItem(view, kind) {
    const other = kind === 'sent' ? (view.invitee ? { name: view.invitee } : null) : view.inviter;
    const who = kind === 'sent'
      ? (other ? t('lobby.invitationTo', { name: other.name }) : t('lobby.invitationAnyone'))
      : t('lobby.invitationFrom', { name: (other && other.name) || '?' });
    const buttons = [];
    if (kind === 'sent') {
      const cancel = h('button', { type: 'button', class: 'small danger cancel-invitation', 'data-code': view.code }, t('invite.withdraw'));
      cancel.addEventListener('click', () => cancelInvitation(view.code, cancel));
      buttons.push(cancel);
    } else {
      buttons.push(h('a', { class: 'button small primary accept-invitation', href: `#/invite/${encodeURIComponent(view.code)}`,
        'data-code': view.code }, t('invite.accept')));
      if (view.invitee) {
        const decline = h('button', { type: 'button', class: 'small decline-invitation', 'data-code': view.code }, t('lobby.decline'));
        decline.addEventListener('click', () => declineInvitation(view.code, decline));
        buttons.push(decline);
      }
    }
    return h('li', { 'data-code': view.code },
      h('span', { class: 'pair' }, who),
      h('span', { class: 'muted' }, ` ${variantName(view.variant)} · ${t('mode.' + view.mode)} · ${formatOffered(view)} `), ...buttons);
  }

  function renderInvitations() {
    const { sent, received } = pending;
    cards.pending.hidden = !me() || (!sent.length && !received.length);
    el.sent.parentElement.hidden = !sent.length;
    el.received.parentElement.hidden = !received.length;
    if (changed(el.sent, sent)) el.sent.replaceChildren(...sent.map(v => invitationItem(v, 'sent')));
    if (changed(el.received, received)) el.received.replaceChildren(...received.map(v => invitationItem(v, 'received')));
  }

  // --- games, leaderboard, statistics -------------------------------------------------------------
  function gameItem(game, linkKey, href) {
    const session = me();
    const colour = colourOf(game, session && session.id);
    const live = !game.status || game.status === 'ONGOING';
    const result = !live ? ` · ${t('result.' + game.status)}` : '';
    const when = startedAt(live ? game.createdAt : (game.endedAt || game.createdAt));
    return h('li', { 'data-game-id': game.id, class: colour ? 'mine' : null },
      h('span', { class: 'pair' }, playerLink(game.white), ' – ', playerLink(game.black)),
      colour ? h('span', { class: 'badge you', title: t('lobby.yourGame') }, t('game.you')) : null,
      h('span', { class: 'muted' }, ` ${variantName(game.variant)} · ${t(game.ranked ? 'mode.RANKED' : 'mode.CASUAL')} · ${formatGameTimeControl(game.timeControl)} · ${t('lobby.ply', { n: game.ply })}${result}`,
        when ? h('time', { datetime: game.createdAt, class: 'when' }, ` · ${t(live ? 'lobby.startedAt' : 'lobby.endedAt', { time: when })}`) : null, ' '),
      h('a', { class: 'button small', href: colour && live ? `#/game/${encodeURIComponent(game.id)}` : href,
        'data-i18n': colour && live ? 'lobby.continue' : linkKey }, t(colour && live ? 'lobby.continue' : linkKey)));
  }

  function renderLive() {
    const games = (lobbyState && lobbyState.liveGames) || [];
    el.online.textContent = lobbyState ? String(lobbyState.online) : '–';
    el.searching.textContent = lobbyState ? String(lobbyState.searching) : '–';
    el.live.dataset.count = String(games.length);
    el.live.replaceChildren(...(games.length
      ? games.map(g => gameItem(g, 'lobby.watch', `#/game/${encodeURIComponent(g.id)}`))
      : [h('li', { class: 'muted empty' }, t('lobby.noLiveGames'))]));
  }

  async function loadFinished() {
    try {
      const games = await api('/api/games?status=finished&limit=10', { auth: false });
      if (!alive) return;
      el.finished.replaceChildren(...(games || []).map(g => gameItem(g, 'lobby.replay', `#/replay/${encodeURIComponent(g.id)}`)));
    } catch (e) {
      el.finished.replaceChildren(h('li', { class: 'muted' }, describeError(e)));
    }
  }

  async function loadLeaderboard() {
    try {
      const board = await api('/api/ratings/leaderboard?size=10', { auth: false });
      if (!alive) return;
      const entries = (board && board.entries) || [];
      if (!entries.length) {
        el.leaderboard.replaceChildren(h('caption', { class: 'muted' }, t('lobby.noRatings')));
        return;
      }
      const anyProvisional = entries.some(e => e.provisional);
      el.leaderboard.replaceChildren(
        h('thead', {}, h('tr', {}, h('th', {}, t('lb.rank')), h('th', {}, t('lb.player')), h('th', {}, t('lb.rating')), h('th', {}, t('lb.games')))),
        h('tbody', {}, entries.map(e => h('tr', { 'data-player-id': e.playerId, class: e.provisional ? 'provisional' : null },
          h('td', {}, String(e.rank)), h('td', {}, playerLink({ id: e.playerId, name: e.name })),
          h('td', {}, String(e.rating), e.provisional ? h('abbr', { class: 'provisional-mark', title: t('lb.provisional') }, '?') : null),
          h('td', {}, String(e.games))))),
        anyProvisional ? h('caption', { class: 'muted small', id: 'leaderboard-note' }, t('lb.provisionalNote')) : null);
    } catch (e) {
      el.leaderboard.replaceChildren(h('caption', { class: 'muted' }, describeError(e)));
    }
  }

  async function loadStatistics() {
    try {
      const s = await api('/api/ratings/statistics', { auth: false });
      if (!alive) return;
      const bar = h('div', { class: 'bar', role: 'img' },
        h('span', { class: 'w', style: `width:${s.whiteWinPercent}%` }),
        h('span', { class: 'd', style: `width:${s.drawPercent}%` }),
        h('span', { class: 'b', style: `width:${s.blackWinPercent}%` }));
      el.statistics.replaceChildren(...[
        h('dl', {},
          h('dt', {}, t('stats.games')), h('dd', { id: 'stat-games' }, String(s.games)),
          h('dt', {}, t('stats.whiteWins')), h('dd', {}, `${s.whiteWins} (${s.whiteWinPercent}%)`),
          h('dt', {}, t('stats.blackWins')), h('dd', {}, `${s.blackWins} (${s.blackWinPercent}%)`),
          h('dt', {}, t('stats.draws')), h('dd', {}, `${s.draws} (${s.drawPercent}%)`)),
        s.games ? bar : null].filter(Boolean));
    } catch (e) {
      el.statistics.replaceChildren(h('p', { class: 'muted' }, describeError(e)));
    }
  }

  function refreshAll() {
    renderAuth();
    renderSanctions();
    renderLive();
    renderMyGames();
    renderInvitations();
    renderSeeks();
    loadFinished();
    loadLeaderboard();
    loadStatistics();
  }

  function sessionChanged() {
    renderAuth();
    if (!me() || !sanctions || sanctions.playerId !== me().id) loadSanctions();
    if (!me()) {
      clearInvitation();
      if (seek) endSeek();
    }
    loadMyGames();
    loadInvitations();
    renderSeeks();
    renderLive();
  }

  let lastSearching = null;
  const unsubscribe = onLobby((state) => {
    lobbyState = state;
    renderLive();
    // The live list moved: my games may have too (a move, a new game, an end); seeks come and go with "searching".
    loadMyGames();
    if (state.searching !== lastSearching) {
      lastSearching = state.searching;
      loadSeeks();
    }
  });
  const unsubscribeNotifications = onNotification((event) => {
    if (['InvitationReceived', 'InvitationDeclined', 'InvitationAccepted', 'GameCreationFailed'].includes(event.type)) loadInvitations();
    if (['SeekMatched', 'InvitationAccepted', 'GameReady', 'GameCreationFailed', 'YourTurn', 'TournamentGameReady'].includes(event.type)) loadMyGames();
    if (event.type === 'InvitationReceived') toast(t('lobby.invitationFrom', { name: (event.inviter && event.inviter.name) || '?' }));
  });
  every(30000, () => { loadFinished(); loadLeaderboard(); loadStatistics(); loadSanctions(); });
  every(10000, () => { loadSeeks(); loadInvitations(); });
  refreshAll();
  loadSanctions();
  loadMyGames();
  loadInvitations();
  loadSeeks();

  return {
    unmount() {
      alive = false;
      unsubscribe();
      unsubscribeNotifications();
      if (seek) {
        api(`/api/matchmaking/seeks/${encodeURIComponent(seek.id)}`, { method: 'DELETE' }).catch(() => {});
      }
      timers.forEach((id) => { clearInterval(id); clearTimeout(id); });
      timers.clear();
    },
    sessionChanged,
    /** A game-ready notification: only what this lobby is waiting for (its seek, its invitation) is followed. */
    takeGame(event) {
      if (event.type === 'SeekMatched' && seek && (!event.seekId || event.seekId === seek.id)) {
        endSeek();
        goToGame(event.gameId);
        return true;
      }
      if (event.type === 'InvitationAccepted' && invitation && event.code === invitation.code) {
        clearInvitation();
        goToGame(event.gameId);
        return true;
      }
      return false;
    },
    retranslate() {
      translatePage(container);
      el.aiLevelNote.textContent = levelNote(ladder);
      refreshAll();
      if (seek) el.seekStatus.textContent = t('lobby.seeking');
      if (invitation) {
        const code = invitation.code;
        const shown = pending.sent.find(v => v.code === code);
        if (shown) showInvitation(shown);
      }
    },
  };
}
