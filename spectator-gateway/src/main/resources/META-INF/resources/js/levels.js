// The computer's levels for the lobby's select: 1 to 9, each with the Elo the match runner estimated for
// it (GET /api/ai/levels, the ladder file as it is): "5 · ≈1450 ±40". Without an answer, just the numbers.
import { h } from './util.js';
import { t } from './i18n.js';
import { api } from './api.js';

export const MAX_LEVEL = 9;

/** The ladder ({levels: [{level, elo, error}], measured, anchor}), or null when the service does not say. */
export async function loadLevels() {
  try {
    const ladder = await api('/api/ai/levels', { auth: false });
    return ladder && Array.isArray(ladder.levels) ? ladder : null;
  } catch (e) {
    return null; // 503 (or anything): the levels without numbers
  }
}

/** "5 · ≈1450 ±40" for a ladder entry; "5" without one. */
export function levelLabel(level, entry) {
  const elo = entry && Number(entry.elo);
  if (!Number.isFinite(elo)) return String(level);
  const error = Number(entry.error);
  // The anchor level (error 0 by definition) shows no "±0".
  return `${level} · ≈${Math.round(elo)}${Number.isFinite(error) && Math.round(error) > 0 ? ` ±${Math.round(error)}` : ''}`;
}

/** The select's options, 1..MAX_LEVEL, as plain numbers until the ladder comes. */
export function levelOptions(selected) {
  const options = [];
  for (let level = 1; level <= MAX_LEVEL; level++) {
    options.push(h('option', { value: level, selected: String(level) === String(selected) }, String(level)));
  }
  return options;
}

/**
 * Labels the select's options from the ladder in place: the elements stay (a choice being made, by a person
 * or a test, is not pulled from under it).
 */
export function labelLevels(select, ladder) {
  const byLevel = new Map(((ladder && ladder.levels) || []).map(e => [Number(e.level), e]));
  for (const option of select.options) {
    option.textContent = levelLabel(Number(option.value), byLevel.get(Number(option.value)));
  }
}

/** The note under the select: what the numbers are, and that 9 is the slowest and strongest. */
export function levelNote(ladder) {
  const measured = ladder && typeof ladder.measured === 'string' ? ladder.measured : '';
  return [t('lobby.level9Note'), ladder ? ' ' + t('lobby.eloNote', { date: measured }) : ''].join('');
}
