// The three rule sets (pente-core's rules.Variant) as the client shows them: their names, and what counts
// towards a capture win. The services send the enum name ("KERYO"); anything unknown or missing is Pente, as
// Variant.parse reads it. The client decides nothing with this: the game service refuses what the rules forbid.
import { h } from './util.js';
import { t } from './i18n.js';

export const VARIANTS = Object.freeze(['PENTE', 'KERYO', 'GOMOKU']);

/** The variant of a game, seek, invitation or tournament ("keryo", "KERYO", missing): PENTE, KERYO or GOMOKU. */
export function variantOf(value) {
  const name = String((value && typeof value === 'object' ? value.variant : value) || '').trim().toUpperCase();
  return VARIANTS.includes(name) ? name : 'PENTE';
}

export function variantName(value) {
  return t('variant.' + variantOf(value));
}

/**
 * How captures count towards a win: Pente by pairs (5), Keryo by stones (15, pairs or trios), Gomoku none (null).
 */
export function captureRule(value) {
  switch (variantOf(value)) {
    case 'KERYO': return { unit: 'stones', goal: 15 };
    case 'GOMOKU': return null;
    default: return { unit: 'pairs', goal: 5 };
  }
}

/** Whether White's second stone is restricted (Pente and Keryo play the tournament rule, Gomoku does not). */
export function hasTournamentRule(value) {
  return variantOf(value) !== 'GOMOKU';
}

/** A <select> of the variants, Pente first. */
export function variantSelect(id) {
  return h('select', { id, class: 'variant-select' },
    VARIANTS.map(v => h('option', { value: v, 'data-i18n': 'variant.' + v }, t('variant.' + v))));
}
