// A game as one page sees it, without any DOM: the view kept current by snapshots and events (each
// version once, a gap asks for a fresh snapshot), who I am in it, the move I am waiting for, the clocks
// ticking locally, and the position being replayed. The opening rules are the server's (config.js).
import { stonesAfter, stonesFromRows } from './board.js';
import { openingRules } from './config.js';

export const other = colour => (colour === 'WHITE' ? 'BLACK' : 'WHITE');
export const letter = colour => (colour === 'WHITE' ? 'W' : 'B');

/** What applying an event did: nothing (old or unknown), a gap (resynchronise), or a change. */
export const Applied = Object.freeze({ IGNORED: 'ignored', GAP: 'gap', CHANGED: 'changed' });

export class GameState {
  constructor({ replay = false } = {}) {
    this.game = null;          // the view, kept current by the events
    this.lastVersion = -1;     // the last version applied: events at or below it are ignored
    this.me = null;            // {playerId, player, name} from the socket's welcome
    this.spectators = 0;
    this.pending = null;       // {point, ply, commandId, timer}
    this.viewPly = replay ? 0 : null; // null: the live (or final) position; a number: replaying
    this.clockBase = null;     // {whiteMillis, blackMillis, at, frozen}
    this.lastCaptured = [];
    this.rules = openingRules(null);
  }

  /** The opening rules from GET /api/config. */
  setRules(config) {
    this.rules = openingRules(config);
  }

  over() {
    return !!this.game && this.game.status !== 'ONGOING';
  }

  myColour(myId) {
    if (!this.game || !myId) return null;
    if (this.game.white && this.game.white.id === myId) return 'WHITE';
    if (this.game.black && this.game.black.id === myId) return 'BLACK';
    return null;
  }

  currentPly() {
    return this.viewPly === null ? (this.game ? this.game.moves.length : 0) : this.viewPly;
  }

  /** Shows the position after `ply` moves (the live one when it is the last). */
  goTo(ply) {
    if (!this.game) return;
    const total = this.game.moves.length;
    const target = Math.max(0, Math.min(total, ply));
    this.viewPly = target === total ? null : target;
  }

  /** A snapshot: everything is replaced. */
  load(view) {
    this.game = {
      ...view,
      moves: (view.moves || []).map(m => ({ ...m, announcements: m.announcements || [] })),
      stones: stonesFromRows(view.board),
      capturedPairs: view.capturedPairs || { white: 0, black: 0 },
    };
    this.lastVersion = view.version;
    const last = this.game.moves[this.game.moves.length - 1];
    this.lastCaptured = last ? last.captured || [] : [];
    this.setClocks(view.clocks);
    if (this.pending && this.game.ply >= this.pending.ply) this.clearPending();
  }

  /** A versioned event; versions grow by one, so a gap means something was missed. */
  apply(event) {
    const game = this.game;
    if (!game || !event || typeof event.version !== 'number' || event.version <= this.lastVersion) return Applied.IGNORED;
    if (event.version > this.lastVersion + 1) return Applied.GAP;
    this.lastVersion = event.version;
    switch (event.type) {
      case 'MovePlayed': {
        const colour = event.color;
        game.stones[event.point] = letter(colour);
        for (const gone of event.captured || []) delete game.stones[gone];
        this.lastCaptured = event.captured || [];
        game.moves.push({ ply: event.ply, color: colour, playerId: event.playerId, point: event.point,
          captured: event.captured || [], announcements: event.announcements || [], playedAt: event.occurredAt });
        game.ply = event.ply;
        game.toMove = other(colour);
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        this.setClocks(event.clocks);
        if (this.pending && event.ply >= this.pending.ply) this.clearPending();
        if (this.viewPly !== null && this.viewPly === game.moves.length - 1) this.viewPly = null;
        break;
      }
      case 'GameEnded':
        game.status = event.result;
        game.reason = event.reason;
        game.toMove = null;
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        game.points = event.points;
        this.clearPending();
        this.freezeClocks();
        break;
      case 'GameStarted':
        if (event.clocks) this.setClocks(event.clocks);
        break;
      default:
        break;
    }
    return Applied.CHANGED;
  }

  // --- my move --------------------------------------------------------------------------------------

  /** Whether I may put a stone on `point` now: null, or why not ('wait' when it is simply not my move). */
  refusal(point, myId) {
    const game = this.game;
    if (!game || this.viewPly !== null) return 'wait';
    const colour = this.myColour(myId);
    if (!colour || game.status !== 'ONGOING' || game.toMove !== colour || this.pending) return 'wait';
    if (game.stones[point]) return 'wait';
    return this.rules.refusal(game.moves.length + 1, point);
  }

  /** The points the next move may not take, to shade while it is live; null when none are named. */
  zone() {
    if (!this.game || this.viewPly !== null || this.over()) return null;
    return this.rules.zone(this.game.moves.length + 1);
  }

  setPending(pending) {
    this.clearPending();
    this.pending = pending;
  }

  clearPending() {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
  }

  // --- clocks ---------------------------------------------------------------------------------------

  setClocks(clocks) {
    this.clockBase = clocks ? { whiteMillis: clocks.whiteMillis, blackMillis: clocks.blackMillis, at: performance.now() } : null;
  }

  freezeClocks() {
    if (!this.clockBase) return;
    this.clockBase = { ...this.clockBase, whiteMillis: this.clockNow('WHITE'), blackMillis: this.clockNow('BLACK'),
      at: performance.now(), frozen: true };
  }

  clockNow(colour) {
    const base = this.clockBase;
    if (!base) return null;
    const millis = colour === 'WHITE' ? base.whiteMillis : base.blackMillis;
    const running = !base.frozen && this.game && this.game.status === 'ONGOING' && this.game.toMove === colour;
    return running ? millis - (performance.now() - base.at) : millis;
  }

  // --- what is shown --------------------------------------------------------------------------------

  /** The stones of the position shown (live, or replayed). */
  stonesShown() {
    return this.viewPly === null ? this.game.stones : stonesAfter(this.game.moves, this.viewPly);
  }

  /** Pairs `side` had captured after `ply` moves. */
  capturedAt(side, ply) {
    let pairs = 0;
    for (const move of this.game.moves.slice(0, ply)) {
      if (move.color === side) pairs += (move.captured || []).length / 2;
    }
    return pairs;
  }
}
