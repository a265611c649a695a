// One way to write a time control everywhere: "5+5" = 5 minutes each, 5 seconds added per move (matchmaking's
// preset names); "untimed" translated. The game service says the same thing in seconds ("300+5", "-"), so
// every page passes what it got through here and players never see two spellings of one clock.
import { t } from './i18n.js';

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

/** A game's time control as the game service sends it (object, "300+5", "-" or missing): "5+5" or "untimed". */
export function formatGameTimeControl(value) {
  const tc = parseGameTimeControl(value);
  return tc ? `${minutes(tc.initialSeconds)}+${tc.incrementSeconds}` : t('lobby.untimed');
}

/** A matchmaking preset name ("5+5" minutes+seconds, "untimed"): the same spelling as a game's. */
export function formatPreset(name) {
  if (!name || name === 'untimed' || name === '-') return t('lobby.untimed');
  return String(name);
}

/** What a matchmaking view (seek, invitation) offers: its `clock` in seconds when sent, else its preset name. */
export function formatOffered(view) {
  if (!view) return formatPreset(null);
  return view.clock ? formatGameTimeControl(view.clock) : formatPreset(view.timeControl);
}
