// The lobby: who you are, play the computer, quick match, invite a friend, live and finished games,
// leaderboard and statistics, with the online/searching numbers from the lobby socket.
import { h } from './util.js';
import { t, translatePage } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, playerLink, describeError, onLobby } from './ui.js';
import { timeControls } from './config.js';

function tr(key, attrs = {}, tag = 'span') {
  return h(tag, { ...attrs, 'data-i18n': key }, t(key));
}

function options(values, labelKey) {
  return values.map(v => h('option', { value: v, 'data-i18n': labelKey ? labelKey + v : null }, labelKey ? t(labelKey + v) : v));
}

/** A time-control preset as matchmaking names it (10+5, untimed). */
function presetOption(name) {
  return name === 'untimed'
    ? h('option', { value: name, 'data-i18n': 'lobby.untimed' }, t('lobby.untimed'))
    : h('option', { value: name }, name);
}

function field(labelKey, control) {
  return h('label', { class: 'field' }, tr(labelKey), control);
}

export function mountLobby(container) {
  const timers = new Set();
  let seek = null;        // the waiting seek {id}
  let invitation = null;  // the open invitation {code}
  let lobbyState = null;

  const el = {
    authBox: h('div', { id: 'auth-box', class: 'auth-box' }),
    online: h('strong', { id: 'online-count' }, '–'),
    searching: h('strong', { id: 'searching-count' }, '–'),
    aiLevel: h('select', { id: 'ai-level' }, [1, 2, 3, 4, 5, 6, 7, 8].map(n => h('option', { value: n }, String(n)))),
    aiColour: h('select', { id: 'ai-colour' }, options(['WHITE', 'BLACK', 'RANDOM'], 'colour.')),
    seekMode: h('select', { id: 'seek-mode' }, options(['CASUAL', 'RANKED'], 'mode.')),
    seekTime: h('select', { id: 'seek-time' }),
    seekButton: h('button', { id: 'seek-button', type: 'button', 'data-i18n': 'lobby.seek' }, t('lobby.seek')),
    seekCancel: h('button', { id: 'seek-cancel', type: 'button', hidden: true, 'data-i18n': 'common.cancel' }, t('common.cancel')),
    seekStatus: h('p', { id: 'seek-status', class: 'status', hidden: true }),
    inviteMode: h('select', { id: 'invite-mode' }, options(['CASUAL', 'RANKED'], 'mode.')),
    inviteTime: h('select', { id: 'invite-time' }),
    inviteColour: h('select', { id: 'invite-colour' }, options(['RANDOM', 'WHITE', 'BLACK'], 'colour.')),
    inviteButton: h('button', { id: 'invite-button', type: 'button', 'data-i18n': 'lobby.createInvite' }, t('lobby.createInvite')),
    inviteResult: h('div', { id: 'invite-result', class: 'invite-result', hidden: true }),
    joinCode: h('input', { id: 'join-code', type: 'text', autocomplete: 'off', maxlength: 64, 'data-i18n-placeholder': 'lobby.code' }),
    joinButton: h('button', { id: 'join-button', type: 'button', 'data-i18n': 'lobby.join' }, t('lobby.join')),
    live: h('ul', { id: 'live-games', class: 'game-list' }),
    finished: h('ul', { id: 'finished-games', class: 'game-list' }),
    leaderboard: h('table', { id: 'leaderboard', class: 'leaderboard' }),
    statistics: h('div', { id: 'statistics', class: 'statistics' }),
  };

  const page = h('section', { class: 'lobby' },
    h('div', { class: 'hero' }, tr('auth.welcome', {}, 'p'), el.authBox,
      h('p', { class: 'counts' },
        h('span', {}, tr('lobby.online'), ' ', el.online), h('span', {}, tr('lobby.searching'), ' ', el.searching))),
    h('div', { class: 'cards' },
      h('div', { class: 'card', id: 'card-computer' }, tr('lobby.playComputer', {}, 'h2'),
        field('lobby.level', el.aiLevel), field('lobby.colour', el.aiColour),
        h('button', { id: 'play-ai', type: 'button', class: 'primary', onclick: playComputer, 'data-i18n': 'lobby.start' }, t('lobby.start'))),
      h('div', { class: 'card', id: 'card-seek' }, tr('lobby.quickMatch', {}, 'h2'),
        field('lobby.mode', el.seekMode), field('lobby.timeControl', el.seekTime),
        h('div', { class: 'row' }, el.seekButton, el.seekCancel), el.seekStatus),
      h('div', { class: 'card', id: 'card-invite' }, tr('lobby.invite', {}, 'h2'),
        field('lobby.mode', el.inviteMode), field('lobby.timeControl', el.inviteTime), field('lobby.colour', el.inviteColour),
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

  function loadPresets(failures) {
    timeControls().then(({ names, preferred }) => {
      for (const select of [el.seekTime, el.inviteTime]) {
        if (!select.options.length) {
          select.replaceChildren(...names.map(presetOption));
          if (names.includes(preferred)) select.value = preferred;
        }
      }
      el.seekButton.disabled = false;
      el.inviteButton.disabled = false;
    }).catch((e) => {
      if (failures === 0) toast(describeError(e), 'error');
      setTimeout(() => { if (el.seekButton.isConnected) loadPresets(failures + 1); }, 5000);
    });
  }

  function every(ms, fn) {
    const id = setInterval(fn, ms);
    timers.add(id);
    return id;
  }

  function stop(id) {
    clearInterval(id);
    timers.delete(id);
  }

  // --- who you are --------------------------------------------------------------------------------
  function renderAuth() {
    const session = auth.current();
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
    el.authBox.replaceChildren(tr('auth.needed', {}, 'p'), h('div', { class: 'row' }, name, guest, signIn));
  }

  function requireSession(ranked = false) {
    const session = auth.current();
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

  // --- play the computer --------------------------------------------------------------------------
  async function playComputer(e) {
    if (!requireSession()) return;
    const button = e.currentTarget;
    button.disabled = true;
    try {
      const created = await api('/api/matchmaking/ai-games', {
        method: 'POST', body: { level: Number(el.aiLevel.value), color: el.aiColour.value },
      });
      location.hash = `#/game/${created.gameId}`;
    } catch (err) {
      toast(describeError(err), 'error');
    } finally {
      button.disabled = false;
    }
  }

  // --- quick match --------------------------------------------------------------------------------
  async function startSeek() {
    const mode = el.seekMode.value;
    if (!requireSession(mode === 'RANKED')) return;
    el.seekButton.disabled = true;
    try {
      const created = await api('/api/matchmaking/seeks', { method: 'POST', body: { mode, timeControl: el.seekTime.value } });
      seek = { id: created.id };
      renderSeek(created);
      seek.timer = every(2000, pollSeek);
    } catch (err) {
      el.seekButton.disabled = false;
      toast(describeError(err), 'error');
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

  function renderSeek(view) {
    if (view.status === 'MATCHED' && view.gameId) {
      endSeek();
      toast(t('lobby.gameFound'));
      location.hash = `#/game/${view.gameId}`;
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
  }

  // --- invite a friend ----------------------------------------------------------------------------
  async function createInvitation() {
    const mode = el.inviteMode.value;
    if (!requireSession(mode === 'RANKED')) return;
    el.inviteButton.disabled = true;
    try {
      const view = await api('/api/matchmaking/invitations', {
        method: 'POST', body: { mode, timeControl: el.inviteTime.value, color: el.inviteColour.value },
      });
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
      el.inviteResult.replaceChildren(tr('lobby.inviteLink', {}, 'p'), h('div', { class: 'row' }, input, copy),
        h('p', {}, tr('lobby.code'), ': ', h('code', { id: 'invite-code' }, view.code)),
        h('p', { class: 'status', id: 'invite-status' }, t('lobby.waitingFriend')));
      el.inviteResult.hidden = false;
      invitation.timer = every(3000, pollInvitation);
    } catch (err) {
      toast(describeError(err), 'error');
    } finally {
      el.inviteButton.disabled = false;
    }
  }

  async function pollInvitation() {
    if (!invitation) return;
    try {
      const view = await api(`/api/matchmaking/invitations/${encodeURIComponent(invitation.code)}`);
      if (view.gameId) {
        stop(invitation.timer);
        invitation = null;
        location.hash = `#/game/${view.gameId}`;
      } else if (view.status !== 'OPEN') {
        stop(invitation.timer);
        invitation = null;
      }
    } catch (err) {
      if (err.status === 404) {
        stop(invitation.timer);
        invitation = null;
      }
    }
  }

  // --- games, leaderboard, statistics -------------------------------------------------------------
  function gameItem(game, linkKey, href) {
    const tc = game.timeControl && game.timeControl !== '-' ? game.timeControl : t('lobby.untimed');
    const result = game.status && game.status !== 'ONGOING' ? ` · ${t('result.' + game.status)}` : '';
    return h('li', { 'data-game-id': game.id },
      h('span', { class: 'pair' }, playerLink(game.white), ' – ', playerLink(game.black)),
      h('span', { class: 'muted' }, ` ${t(game.ranked ? 'mode.RANKED' : 'mode.CASUAL')} · ${tc} · ${t('lobby.ply', { n: game.ply })}${result} `),
      h('a', { class: 'button small', href, 'data-i18n': linkKey }, t(linkKey)));
  }

  function renderLive() {
    const games = (lobbyState && lobbyState.liveGames) || [];
    el.online.textContent = lobbyState ? String(lobbyState.online) : '–';
    el.searching.textContent = lobbyState ? String(lobbyState.searching) : '–';
    el.live.replaceChildren(...(games.length
      ? games.map(g => gameItem(g, 'lobby.watch', `#/game/${encodeURIComponent(g.id)}`))
      : [h('li', { class: 'muted empty' }, t('lobby.noLiveGames'))]));
  }

  async function loadFinished() {
    try {
      const games = await api('/api/games?status=finished&limit=10', { auth: false });
      el.finished.replaceChildren(...(games || []).map(g => gameItem(g, 'lobby.replay', `#/replay/${encodeURIComponent(g.id)}`)));
    } catch (e) {
      el.finished.replaceChildren(h('li', { class: 'muted' }, describeError(e)));
    }
  }

  async function loadLeaderboard() {
    try {
      const board = await api('/api/ratings/leaderboard?size=10', { auth: false });
      const entries = (board && board.entries) || [];
      if (!entries.length) {
        el.leaderboard.replaceChildren(h('caption', { class: 'muted' }, t('lobby.noRatings')));
        return;
      }
      el.leaderboard.replaceChildren(
        h('thead', {}, h('tr', {}, h('th', {}, t('lb.rank')), h('th', {}, t('lb.player')), h('th', {}, t('lb.rating')), h('th', {}, t('lb.games')))),
        h('tbody', {}, entries.map(e => h('tr', { 'data-player-id': e.playerId },
          h('td', {}, String(e.rank)), h('td', {}, playerLink({ id: e.playerId, name: e.name })),
          h('td', {}, String(e.rating)), h('td', {}, String(e.games))))));
    } catch (e) {
      el.leaderboard.replaceChildren(h('caption', { class: 'muted' }, describeError(e)));
    }
  }

  async function loadStatistics() {
    try {
      const s = await api('/api/ratings/statistics', { auth: false });
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
    renderLive();
    loadFinished();
    loadLeaderboard();
    loadStatistics();
  }

  const unsubscribe = onLobby((state) => {
    lobbyState = state;
    renderLive();
  });
  every(30000, () => { loadFinished(); loadLeaderboard(); loadStatistics(); });
  refreshAll();

  return {
    unmount() {
      unsubscribe();
      if (seek) {
        api(`/api/matchmaking/seeks/${encodeURIComponent(seek.id)}`, { method: 'DELETE' }).catch(() => {});
      }
      timers.forEach(id => clearInterval(id));
      timers.clear();
    },
    sessionChanged: renderAuth,
    retranslate() {
      translatePage(container);
      refreshAll();
      if (seek) el.seekStatus.textContent = t('lobby.seeking');
    },
  };
}
