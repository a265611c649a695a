// One way to write a time control everywhere: "5+5" = 5 minutes each, 5 seconds added per move (matchmaking's
// preset names); "untimed" translated. The game service says the same thing in seconds ("300+5", "-"), so
// every page passes what it got through here and players never see two spellings of one clock.
import { t } from './i18n.js';

function minutes(seconds) {
  if (seconds % 60 === 0) return String(seconds / 60);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** {initialSeconds, incrementSeconds} from a game's "300+5" (seconds) or null when untimed / unreadable. */
export function parseGameTimeControl(text) {
  const m = /^\s*(\d{1,6})\+(\d{1,4})\s*$/.exec(String(text ?? ''));
  if (!m || Number(m[1]) === 0) return null;
  return { initialSeconds: Number(m[1]), incrementSeconds: Number(m[2]) };
}

/** A game's time control as the game service writes it ("300+5", "-" or missing): "5+5" or "untimed". */
export function formatGameTimeControl(text) {
  const tc = parseGameTimeControl(text);
  return tc ? `${minutes(tc.initialSeconds)}+${tc.incrementSeconds}` : t('lobby.untimed');
}

/** A matchmaking preset name ("5+5" minutes+seconds, "untimed"): the same spelling as a game's. */
export function formatPreset(name) {
  if (!name || name === 'untimed' || name === '-') return t('lobby.untimed');
  return String(name);
}
