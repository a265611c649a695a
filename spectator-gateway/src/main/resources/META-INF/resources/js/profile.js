// A player's profile (rating, record, history drawn as an SVG chart) and the invitation page.
import { h, svg } from './util.js';
import { t, translatePage } from './i18n.js';
import * as auth from './auth.js';
import { api } from './api.js';
import { toast, describeError } from './ui.js';

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

export function mountProfile(container, playerId) {
  const body = h('div', { id: 'profile-body' }, h('p', { class: 'muted' }, t('common.loading')));
  container.replaceChildren(h('section', { class: 'profile', 'data-player-id': playerId }, body,
    h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));
  let profile = null;
  let failure = null;

  function render() {
    if (failure) {
      body.replaceChildren(h('h2', {}, playerId), h('p', { class: 'muted', id: 'profile-empty' },
        failure.status === 404 ? t('profile.none') : describeError(failure)));
      return;
    }
    if (!profile) return;
    const p = profile;
    const record = (r) => t('profile.record', { w: r.wins, l: r.losses, d: r.draws, n: r.games });
    body.replaceChildren(
      h('h2', { id: 'profile-name' }, p.name),
      h('p', { class: 'rating' }, `${t('profile.rating')}: `, h('strong', { id: 'profile-rating' }, String(p.rating)),
        p.provisional ? h('span', { class: 'muted' }, ` (${t('profile.provisional')})`) : null),
      h('p', {}, record(p)),
      h('p', {}, `${t('profile.asWhite')}: ${record(p.asWhite)}`),
      h('p', {}, `${t('profile.asBlack')}: ${record(p.asBlack)}`),
      h('h3', {}, t('profile.history')),
      p.history && p.history.length ? ratingChart(p.history) : h('p', { class: 'muted' }, t('profile.none')),
      h('ol', { class: 'history', reversed: true }, (p.history || []).slice(0, 20).map(e => h('li', {},
        h('a', { href: `#/replay/${encodeURIComponent(e.gameId)}` }, `${t('profile.game')} ${e.game}`),
        ` ${t('colour.' + e.colour) || e.colour} · ${e.before} → ${e.after} (${e.change >= 0 ? '+' : ''}${e.change})`))));
  }

  api(`/api/ratings/players/${encodeURIComponent(playerId)}?history=200`, { auth: false })
    .then(answer => { profile = answer; render(); })
    .catch(e => { failure = e; render(); });

  return { retranslate: () => { translatePage(container); render(); } };
}

export function mountInvite(container, code) {
  const info = h('div', { id: 'invite-info' }, h('p', { class: 'muted' }, t('common.loading')));
  const authBox = h('div', { id: 'auth-box', class: 'auth-box' });
  container.replaceChildren(h('section', { class: 'invite' }, h('h2', { 'data-i18n': 'lobby.invite' }, t('lobby.invite')),
    info, authBox, h('p', {}, h('a', { href: '#/', 'data-i18n': 'common.back' }, t('common.back')))));
  let view = null;
  let accepting = false;
  // Accept by itself once per visit; after a refusal the button is there, so a failing accept never loops.
  let acceptByItself = true;

  async function accept() {
    if (accepting || !auth.current()) return;
    accepting = true;
    info.append(h('p', { class: 'status', id: 'invite-joining' }, t('invite.joining')));
    try {
      const accepted = await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}/accept`, { method: 'POST' });
      location.hash = `#/game/${accepted.gameId}`;
    } catch (e) {
      accepting = false;
      toast(describeError(e), 'error');
      load();
    }
  }

  function renderAuth() {
    if (auth.current()) {
      authBox.replaceChildren();
      return;
    }
    const name = h('input', { id: 'guest-name', type: 'text', maxlength: 24, placeholder: t('auth.guestName') });
    const guest = h('button', { id: 'guest-button', type: 'button', class: 'primary' }, t('auth.guest'));
    const signIn = h('button', { id: 'sign-in-invite', type: 'button' }, t('auth.signIn'));
    guest.addEventListener('click', () => auth.continueAsGuest(name.value.trim()).catch(e => toast(describeError(e), 'error')));
    signIn.addEventListener('click', () => auth.signIn().catch(e => toast(describeError(e), 'error')));
    authBox.replaceChildren(h('p', {}, t('auth.needed')), h('div', { class: 'row' }, name, guest, signIn));
  }

  function render() {
    renderAuth();
    if (!view) return;
    const tc = view.timeControl && view.timeControl !== 'untimed' && view.timeControl !== '-' ? view.timeControl : t('lobby.untimed');
    info.replaceChildren(
      h('p', { id: 'invite-summary' }, `${(view.inviter && view.inviter.name) || '?'} · ${t('mode.' + view.mode)} · ${tc}`),
      h('p', { id: 'invite-state', 'data-status': view.status }, view.status === 'OPEN' ? '' : t('invite.' + view.status)));
    if (view.gameId && auth.current() && view.gameId) {
      location.hash = `#/game/${view.gameId}`;
      return;
    }
    if (view.status === 'OPEN') {
      const button = h('button', { id: 'accept-invite', type: 'button', class: 'primary', disabled: !auth.current() }, t('lobby.join'));
      button.addEventListener('click', accept);
      info.append(button);
      if (auth.current() && acceptByItself) {
        acceptByItself = false;
        accept();
      }
    }
  }

  async function load() {
    try {
      view = await api(`/api/matchmaking/invitations/${encodeURIComponent(code)}`);
      render();
    } catch (e) {
      info.replaceChildren(h('p', { class: 'muted', id: 'invite-state', 'data-status': 'UNKNOWN' },
        e.status === 404 ? t('invite.UNKNOWN') : describeError(e)));
      renderAuth();
    }
  }

  load();
  return {
    sessionChanged: render,
    retranslate: render,
  };
}
