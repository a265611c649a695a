// Who the browser is: a platform guest (token from POST /api/guests) or a Keycloak account signed in with
// the authorization code flow + PKCE (S256), tokens refreshed before they expire. Nothing is kept in
// localStorage: an account's access token lives in memory only, and this tab's sessionStorage keeps what a
// reload needs (the refresh token, or a guest's token), so credentials end with the tab.
import { store, tabStore } from './util.js';
import { clientConfig } from './config.js';

const listeners = new Set();
store.set('session', null); // sessions were once kept in localStorage: forget any left there
let session = restore(tabStore.get('session'));
let refreshTimer = null;
let refreshing = null;

export function onSessionChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** An account comes back from sessionStorage without its access token: the next token() refreshes it. */
function restore(saved) {
  if (!saved) return null;
  if (saved.kind === 'account') return { ...saved, token: null, expiresAt: new Date(0).toISOString() };
  return saved;
}

function persisted(s) {
  if (!s) return null;
  if (s.kind !== 'account') return s;
  const { token: access, expiresAt, ...rest } = s; // the access token stays in memory
  return rest;
}

function setSession(next) {
  session = next;
  tabStore.set('session', persisted(next));
  scheduleRefresh();
  listeners.forEach(fn => fn(session));
}

export function current() {
  if (session && session.kind === 'guest' && Date.parse(session.expiresAt) <= Date.now()) {
    setSession(null);
  }
  return session;
}

export async function continueAsGuest(name) {
  const response = await fetch('/api/guests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(name ? { name } : {}),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(body.message || 'guest ' + response.status), { body });
  setSession({ kind: 'guest', token: body.token, id: body.id, name: body.name, expiresAt: body.expiresAt });
  return session;
}

function base64url(bytes) {
  let text = '';
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomString(size = 32) {
  return base64url(crypto.getRandomValues(new Uint8Array(size)));
}

function claims(jwt) {
  try {
    const part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent([...atob(part)].map(c => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
    return JSON.parse(json);
  } catch (e) {
    return {};
  }
}

function redirectUri() {
  return location.origin + '/';
}

/** Sends the browser to Keycloak's login page; handleRedirect() finishes the job when it comes back. */
export async function signIn() {
  if (!crypto.subtle) throw new Error('this page needs a secure context (https or localhost) to sign in');
  const cfg = await clientConfig();
  const verifier = randomString(48);
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const state = randomString(16);
  sessionStorage.setItem('pente.pkce', JSON.stringify({ verifier, state, back: location.hash || '#/' }));
  const params = new URLSearchParams({
    client_id: cfg.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: 'openid',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  location.assign(`${cfg.keycloakUrl}/protocol/openid-connect/auth?${params}`);
}

function accountSession(tokens) {
  const access = claims(tokens.access_token);
  const now = Date.now();
  return {
    kind: 'account',
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token || (session && session.idToken) || null,
    id: access.sub,
    name: access.preferred_username || access.name || access.sub,
    roles: (access.realm_access && access.realm_access.roles) || [],
    expiresAt: new Date(now + (tokens.expires_in || 300) * 1000).toISOString(),
    refreshExpiresAt: tokens.refresh_expires_in ? new Date(now + tokens.refresh_expires_in * 1000).toISOString() : null,
  };
}

async function tokenRequest(form) {
  const cfg = await clientConfig();
  const response = await fetch(`${cfg.keycloakUrl}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: cfg.clientId, ...form }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error_description || body.error || 'token ' + response.status);
  return body;
}

/** On return from Keycloak (?code=...&state=...): trades the code for tokens. Returns the hash to go back to. */
export async function handleRedirect() {
  const query = new URLSearchParams(location.search);
  if (!query.has('code') && !query.has('error')) return null;
  const saved = JSON.parse(sessionStorage.getItem('pente.pkce') || 'null');
  sessionStorage.removeItem('pente.pkce');
  history.replaceState(null, '', location.pathname + (saved ? saved.back : '#/'));
  if (!saved || query.get('state') !== saved.state || query.has('error')) {
    throw new Error(query.get('error_description') || 'sign-in was not completed');
  }
  const tokens = await tokenRequest({
    grant_type: 'authorization_code',
    code: query.get('code'),
    redirect_uri: redirectUri(),
    code_verifier: saved.verifier,
  });
  setSession(accountSession(tokens));
  return saved.back;
}

async function refresh() {
  if (!session || session.kind !== 'account' || !session.refreshToken) return session;
  if (!refreshing) {
    refreshing = tokenRequest({ grant_type: 'refresh_token', refresh_token: session.refreshToken })
      .then(tokens => setSession(accountSession(tokens)))
      .catch(() => setSession(null))
      .finally(() => { refreshing = null; });
  }
  await refreshing;
  return session;
}

function scheduleRefresh() {
  clearTimeout(refreshTimer);
  if (!session || session.kind !== 'account') return;
  const wait = Date.parse(session.expiresAt) - Date.now() - 30000;
  refreshTimer = setTimeout(refresh, Math.max(1000, wait));
}

/** The bearer token to use now (refreshed first when it is about to expire), or null. */
export async function token() {
  const s = current();
  if (!s) return null;
  if (s.kind === 'account' && Date.parse(s.expiresAt) - Date.now() < 20000) {
    return (await refresh())?.token || null;
  }
  return s.token;
}

/**
 * The highest staff role the access token lists in realm_access.roles: 'admin' (which includes moderator),
 * 'moderator', or null (players, guests, nobody). Only what the page shows depends on it: every service
 * checks the token's roles itself.
 */
export function staffRole(s = current()) {
  if (!s || s.kind !== 'account') return null;
  const roles = Array.isArray(s.roles) ? s.roles : [];
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('moderator')) return 'moderator';
  return null;
}

/** The server refused the token (socket closed with 4401): forget it rather than retry with it. */
export function invalidate() {
  if (session) setSession(null);
}

export async function signOut() {
  const s = session;
  setSession(null);
  if (s && s.kind === 'account') {
    try {
      const cfg = await clientConfig();
      const params = new URLSearchParams({ client_id: cfg.clientId, post_logout_redirect_uri: redirectUri() });
      if (s.idToken) params.set('id_token_hint', s.idToken);
      location.assign(`${cfg.keycloakUrl}/protocol/openid-connect/logout?${params}`);
    } catch (e) { /* signed out locally anyway */ }
  }
}

scheduleRefresh();
