// What the server tells the client once per page load: where to sign in and the opening rules
// (GET /api/config, from pente-core's rules), and the time-control presets (matchmaking's own list).
import { hasTournamentRule } from './variant.js';
let config = null;
let presets = null;

async function json(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} ${response.status}`);
  return response.json();
}

export function clientConfig() {
  if (!config) config = json('/api/config').catch((e) => { config = null; throw e; });
  return config;
}

/**
 * The presets players choose from as matchmaking accepts them: {names: [10+5, ..., untimed, 1d, ..., 7d],
 * preferred: the one a lobby offers first}. Turn-based presets ("3d") may come in the same list or in their own
 * (`turnBased`: names, or {name} objects); they are offered after the live ones.
 */
export function timeControls() {
  if (!presets) {
    presets = json('/api/matchmaking/seeks/presets')
      .then((answer) => {
        const name = p => (p && typeof p === 'object' ? p.name || p.timeControl || p.id : p);
        const names = (answer.timeControls || []).map(name).filter(Boolean);
        const extra = Array.isArray(answer.turnBased) ? answer.turnBased.map(name).filter(Boolean) : [];
        for (const n of extra) if (!names.includes(n)) names.push(String(n));
        return { names: names.map(String), preferred: answer.defaultTimeControl || null };
      })
      .catch((e) => { presets = null; throw e; });
  }
  return presets;
}

/**
 * The opening rules of a variant: rulesFor(ply) is {ply, reason, allowed?: [...], refused?: [...]} when a stone at move
 * `ply` is restricted, else null. Loaded with the config; none are known until it has come.
 */
export function openingRules(answer, variant = 'PENTE') {
  // The server describes Pente's opening; Gomoku has the centre rule but not the tournament rule.
  const opening = ((answer && answer.rules && answer.rules.opening) || [])
    .filter(rule => hasTournamentRule(variant) || rule.reason !== 'TOURNAMENT_RULE');
  const byPly = new Map(opening.map(rule => [rule.ply, rule]));
  return {
    rulesFor: ply => byPly.get(ply) || null,
    /** The reason the game service would refuse `point` as move `ply`, or null. */
    refusal(ply, point) {
      const rule = byPly.get(ply);
      if (!rule) return null;
      if (rule.allowed) return rule.allowed.includes(point) ? null : rule.reason;
      return (rule.refused || []).includes(point) ? rule.reason : null;
    },
    /** The points refused at move `ply` when the rule names them (to shade them), else null. */
    zone(ply) {
      const rule = byPly.get(ply);
      return rule && rule.refused ? rule.refused : null;
    },
  };
}
