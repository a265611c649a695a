// Small helpers shared by every page: element building, escaping, storage, ids and a reconnecting socket.
import { encode, decode, Close } from './protocol.js';

/** h('div', {class: 'x', onclick: fn}, child, 'text') builds DOM elements. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'style') el.style.cssText = String(value); // through the CSSOM: allowed by the page's CSP (no inline style attributes)
    else if (key === 'text') el.textContent = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function uuid() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map(v => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

function storage(area) {
  return {
    get(key, fallback = null) {
      try {
        const raw = area().getItem('pente.' + key);
        return raw === null ? fallback : JSON.parse(raw);
      } catch (e) {
        return fallback;
      }
    },
    set(key, value) {
      try {
        if (value === null || value === undefined) area().removeItem('pente.' + key);
        else area().setItem('pente.' + key, JSON.stringify(value));
      } catch (e) { /* private mode: keep going without storage */ }
    },
  };
}

/** Preferences that outlive the tab (the language). Never credentials. */
export const store = storage(() => localStorage);

/** What this tab needs across a reload (the sign-in's refresh token, a guest's token); gone with the tab. */
export const tabStore = storage(() => sessionStorage);

export function wsUrl(path) {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path;
}

/**
 * A WebSocket that reconnects by itself with exponential back-off (0.5 s doubling to 15 s, with jitter).
 * url() is asked again on every attempt (so that it can carry the last version seen). retry(code, attempt)
 * decides whether a close is worth another attempt (by default all but 4401 bad token and 4404 unknown game).
 * Frames go through protocol.js: onMessage gets only frames the gateway sends.
 */
export class ReconnectingSocket {
  constructor({ url, onOpen, onMessage, onStatus, retry }) {
    this.url = url;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.retry = retry || ((code) => code !== Close.INVALID_TOKEN && code !== Close.UNKNOWN_GAME);
    this.attempt = 0;
    this.closed = false;
    this.timer = null;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    this.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onStatus('open');
      if (this.onOpen) this.onOpen();
    };
    ws.onmessage = (e) => {
      const frame = decode(e.data);
      if (frame) this.onMessage(frame);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (!this.retry(e.code, this.attempt)) {
        this.onStatus('closed', e.code, e.reason);
        return;
      }
      this.onStatus('reconnecting', e.code, e.reason);
      const base = Math.min(15000, 500 * 2 ** this.attempt);
      this.attempt++;
      this.timer = setTimeout(() => this.connect(), base / 2 + Math.random() * base / 2);
    };
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(encode(frame));
      return true;
    }
    return false;
  }

  /** Drops the current connection as a network failure would (used when the page comes back online). */
  kick() {
    if (this.ws) this.ws.close();
  }

  isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /** Between attempts: tries again at once rather than when the back-off ends (e.g. a game is now ready). */
  retryNow() {
    if (this.closed || this.ws || !this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close(1000, 'page left');
    }
  }
}

export function formatClock(millis) {
  if (millis === null || millis === undefined) return '–';
  const total = Math.max(0, Math.ceil(millis / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return (h > 0 ? h + ':' : '') + mm + ':' + String(s).padStart(2, '0');
}
