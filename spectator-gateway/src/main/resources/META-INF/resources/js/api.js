// JSON calls to /api/... with the session's bearer token. Errors carry the services' {error, message}.
import { token } from './auth.js';

export class ApiError extends Error {
  constructor(status, body, retryAfter = null) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.retryAfter = retryAfter; // seconds from a Retry-After header (429, 503), or null
  }
}

export async function api(path, { method = 'GET', body, auth = true } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const bearer = await token();
    if (bearer) headers.Authorization = 'Bearer ' + bearer;
  }
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      json = { message: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, json, retryAfterSeconds(response.headers.get('Retry-After')));
  return json;
}

/** A Retry-After header's delay in whole seconds (a number or an HTTP date), or null. */
function retryAfterSeconds(header) {
  if (!header) return null;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(1, Math.min(3600, seconds)) : null;
}

/** The id of the game in an answer, whatever the service calls it. */
export function gameIdOf(answer) {
  if (!answer) return null;
  return answer.gameId || (answer.game && (answer.game.id || answer.game.gameId)) || answer.id || null;
}
