// One way to write a time control everywhere: "5+5" = 5 minutes each, 5 seconds added per move (matchmaking's
// preset names); "3d" = three days for every move (turn-based); "untimed" translated. The game service says the
// same thing in seconds ("300+5", "-") or as {initialSeconds, incrementSeconds, daysPerMove}, so every page passes
// what it got through here and players never see two spellings of one clock.
import { t } from './i18n.js';
import { h } from './util.js';

function minutes(seconds) {
  if (seconds % 60 === 0) return String(seconds / 60);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * {initialSeconds, incrementSeconds} from what the services send: the game service's object
 * ({initialSeconds: 300, incrementSeconds: 5}), or the seconds string "300+5" (older game views, matchmaking's
 * `clock`); null when untimed ("-", 0 s) or unreadable.
 */
export function parseGameTimeControl(value) {
  if (daysPerMove(value)) return null; // no live clock: see daysPerMove
  if (value && typeof value === 'object') {
    const initial = Number(value.initialSeconds);
    const increment = Number(value.incrementSeconds) || 0;
    return Number.isInteger(initial) && initial > 0 && Number.isInteger(increment) && increment >= 0
      ? { initialSeconds: initial, incrementSeconds: increment } : null;
  }
  const m = /^\s*(\d{1,6})\+(\d{1,4})\s*$/.exec(String(value ?? ''));
  if (!m || Number(m[1]) === 0) return null;
  return { initialSeconds: Number(m[1]), incrementSeconds: Number(m[2]) };
}

/**
 * The days per move of a turn-based time control ({daysPerMove: 3}, "3d"), or 0 for a live or untimed one.
 */
export function daysPerMove(value) {
  if (value && typeof value === 'object') {
    const days = Number(value.daysPerMove);
    return Number.isInteger(days) && days > 0 ? days : 0;
  }
  const m = /^\s*(\d{1,2})d\s*$/i.exec(String(value ?? ''));
  return m && Number(m[1]) > 0 ? Number(m[1]) : 0;
}

/** Whether a time control (object, "3d", "300+5", a preset name) is turn-based. */
export function isTurnBased(value) {
  return daysPerMove(value) > 0;
}

function formatDays(days) {
  return t(days === 1 ? 'tc.dayPerMove' : 'tc.daysPerMove', { n: days });
}

/** A game's time control as the game service sends it (object, "300+5", "3d", "-" or missing): "5+5", "3 days per move" or "untimed". */
export function formatGameTimeControl(value) {
  const days = daysPerMove(value);
  if (days) return formatDays(days);
  const tc = parseGameTimeControl(value);
  return tc ? `${minutes(tc.initialSeconds)}+${tc.incrementSeconds}` : t('lobby.untimed');
}

/** A matchmaking preset name ("5+5" minutes+seconds, "3d" days per move, "untimed"): the same spelling as a game's. */
export function formatPreset(name) {
  if (!name || name === 'untimed' || name === '-') return t('lobby.untimed');
  const days = daysPerMove(name);
  return days ? formatDays(days) : String(name);
}

/**
 * What is left of a turn-based move: "2 days 3 h left", "5 h 10 min left", "12 min left", "40 s left" (a
 * shortened test day), "time is up". Hours and minutes, never a ticking seconds clock while a day is left.
 */
export function formatTimeLeft(millis) {
  if (millis === null || millis === undefined || !Number.isFinite(millis)) return '';
  if (millis <= 0) return t('deadline.passed');
  const seconds = Math.floor(millis / 1000);
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const mins = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t(days === 1 ? 'deadline.day' : 'deadline.days', { d: days, h: hours });
  if (hours > 0) return t('deadline.hours', { h: hours, m: mins });
  if (mins > 0) return t('deadline.minutes', { m: mins });
  return t('deadline.seconds', { s: Math.max(1, seconds) });
}

/** The time left until an ISO instant (a game's deadline), as formatTimeLeft; '' without one. */
export function formatDeadline(iso, now = Date.now()) {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? '' : formatTimeLeft(at - now);
}

/** What a matchmaking view (seek, invitation) offers: its `clock` in seconds when sent, else its preset name. */
export function formatOffered(view) {
  if (!view) return formatPreset(null);
  return view.clock ? formatGameTimeControl(view.clock) : formatPreset(view.timeControl);
}

/** A time-control preset as matchmaking names it (10+5, untimed, 3d). */
function presetOption(name) {
  return name === 'untimed'
    ? h('option', { value: name, 'data-i18n': 'lobby.untimed' }, t('lobby.untimed'))
    : isTurnBased(name)
      ? h('option', { value: name, 'data-turn-based': 'true', 'data-i18n': daysPerMove(name) === 1 ? 'tc.dayPerMove' : 'tc.daysPerMove',
        'data-i18n-args': JSON.stringify({ n: daysPerMove(name) }) }, formatPreset(name))
      : h('option', { value: name }, formatPreset(name));
}

/** The presets in two groups: live (minutes + seconds, untimed) and turn-based (days per move). */
export function presetOptions(names) {
  const live = names.filter(n => !isTurnBased(n));
  const days = names.filter(n => isTurnBased(n));
  if (!days.length) return live.map(presetOption);
  return [h('optgroup', { label: t('tc.live'), 'data-i18n-label': 'tc.live' }, live.map(presetOption)),
    h('optgroup', { label: t('tc.turnBased'), 'data-i18n-label': 'tc.turnBased' }, days.map(presetOption))];
}
