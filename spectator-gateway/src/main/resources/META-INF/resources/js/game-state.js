// A game as one page sees it, without any DOM: the view kept current by snapshots and events (each
// version once, a gap asks for a fresh snapshot), who I am in it, the move I am waiting for, the pending
// offer, the chat, the players' presence, the clocks ticking locally (frozen to the server's at the end),
// and the position being replayed. The opening rules are the server's (config.js), per variant. Captures are
// what the events say (MovePlayed.captured lists every stone taken: pairs in Pente, pairs or trios in Keryo,
// none in Gomoku); pairs and stones taken are counted from the server's numbers where it sends them.
import { stonesAfter, stonesFromRows, pointName, SIZE } from './board.js';
import { openingRules } from './config.js';
import { parseGameTimeControl, daysPerMove } from './time-control.js';
import { variantOf } from './variant.js';

export const other = colour => (colour === 'WHITE' ? 'BLACK' : 'WHITE');
export const letter = colour => (colour === 'WHITE' ? 'W' : 'B');

/** What applying an event did: nothing (old or unknown), a gap (resynchronise), or a change. */
export const Applied = Object.freeze({ IGNORED: 'ignored', GAP: 'gap', CHANGED: 'changed' });

const ZERO = Object.freeze({ white: 0, black: 0 });

/** Stones each side had taken after `moves` (every point a move removed counts for its mover). */
function stonesTaken(moves) {
  const taken = { white: 0, black: 0 };
  for (const move of moves) taken[move.color === 'WHITE' ? 'white' : 'black'] += (move.captured || []).length;
  return taken;
}

function moveFrom(m) {
  return {
    ...m,
    captured: m.captured || [],
    announcements: m.announcements || [],
    whiteMillis: typeof m.whiteMillis === 'number' ? m.whiteMillis : null,
    blackMillis: typeof m.blackMillis === 'number' ? m.blackMillis : null,
  };
}

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
    this.offer = null;         // the pending offer {kind, color, playerId}
    this.presence = null;      // {white: {connected, absentMillis, at}, black: {...}, abandonAfterMillis}
    this.chat = new Map();     // message id -> {id, channel, version, authorId, authorName, text, postedAt}
    this.config = null;        // GET /api/config, for the opening rules
    this.rules = openingRules(null);
  }

  /** The opening rules from GET /api/config (for this game's variant once it is known). */
  setRules(config) {
    this.config = config;
    this.rules = openingRules(config, this.variant());
  }

  /** PENTE, KERYO or GOMOKU (a view without one is Pente). */
  variant() {
    return variantOf(this.game && this.game.variant);
  }

  /** Days per move of a turn-based game, else 0. */
  daysPerMove() {
    return this.game ? daysPerMove(this.game.timeControl) : 0;
  }

  /**
   * When the side to move loses on time (ms since the epoch), for a turn-based game: the server's deadline
   * (vacation included) while it is current, else the mover's clock from when it was set. Null when none.
   */
  deadlineMillis() {
    const game = this.game;
    if (!game || this.over() || !this.daysPerMove()) return null;
    if (game.deadline && game.deadlineVersion === this.lastVersion) {
      const at = Date.parse(game.deadline);
      if (!Number.isNaN(at)) return at;
    }
    const left = this.clockNow(game.toMove);
    return left === null ? null : Date.now() + left;
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

  /** A snapshot (or the REST view): everything is replaced. */
  load(view) {
    this.game = {
      ...view,
      moves: (view.moves || []).map(moveFrom),
      stones: stonesFromRows(view.board),
      capturedPairs: view.capturedPairs || { ...ZERO },
      deadlineVersion: view.version, // the deadline holds until the next event changes the clocks
    };
    this.game.capturedStones = view.capturedStones || stonesTaken(this.game.moves);
    this.rules = openingRules(this.config, this.variant());
    this.lastVersion = view.version;
    const last = this.game.moves[this.game.moves.length - 1];
    this.lastCaptured = last ? last.captured || [] : [];
    this.offer = view.offer && view.status === 'ONGOING' ? { ...view.offer } : null;
    this.setClocks(view.clocks);
    if (this.over()) this.freezeClocks(view.clocks); // a finished game's clocks are the stored final ones
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
        const clocks = event.clocks || {};
        game.moves.push(moveFrom({ ply: event.ply, color: colour, playerId: event.playerId, point: event.point,
          captured: event.captured, announcements: event.announcements, playedAt: event.occurredAt,
          whiteMillis: clocks.whiteMillis, blackMillis: clocks.blackMillis }));
        game.ply = event.ply;
        game.toMove = other(colour);
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        game.capturedStones = event.capturedStones || stonesTaken(game.moves);
        if (event.deadline) {
          game.deadline = event.deadline;
          game.deadlineVersion = event.version;
        }
        this.setClocks(event.clocks);
        this.offer = null; // any move withdraws a pending offer
        if (this.pending && event.ply >= this.pending.ply) this.clearPending();
        if (this.viewPly !== null && this.viewPly === game.moves.length - 1) this.viewPly = null;
        break;
      }
      case 'MovesTakenBack': {
        const keep = Math.max(0, Math.min(game.moves.length, event.ply));
        game.moves = game.moves.slice(0, keep);
        game.stones = stonesAfter(game.moves, keep); // captured stones come back
        game.ply = keep;
        game.toMove = event.toMove;
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        game.capturedStones = event.capturedStones || stonesTaken(game.moves);
        const last = game.moves[keep - 1];
        this.lastCaptured = last ? last.captured : [];
        this.setClocks(event.clocks);
        this.offer = null;
        this.clearPending();
        if (this.viewPly !== null && this.viewPly > keep) this.viewPly = null;
        break;
      }
      case 'OfferMade':
        this.offer = { kind: event.kind, color: event.color, playerId: event.playerId };
        break;
      case 'OfferDeclined':
        this.offer = null;
        break;
      case 'ChatPosted':
        if (!event.hidden) {
          this.chat.set(event.eventId, { id: event.eventId, channel: event.channel, version: event.version,
            authorId: event.authorId, authorName: event.authorName, text: event.text, postedAt: event.occurredAt });
        }
        break;
      case 'ChatRemoved':
        this.chat.delete(event.messageId);
        break;
      case 'GameEnded':
        game.status = event.result;
        game.reason = event.reason;
        game.toMove = null;
        if (event.capturedPairs) game.capturedPairs = event.capturedPairs;
        if (event.capturedStones) game.capturedStones = event.capturedStones;
        game.points = event.points;
        game.endNote = typeof event.note === 'string' ? event.note : null; // staff's reason (abort, forfeit)
        this.offer = null;
        this.clearPending();
        this.freezeClocks(); // until the server's final clocks come (game.js asks for them)
        break;
      case 'GameAnnulled':
        // An admin annulled the finished game: its result stands on the board but counts for nothing.
        game.annulled = { at: event.occurredAt || null, by: (event.staff && event.staff.username) || null, reason: event.reason || null };
        break;
      case 'GameStarted':
        if (event.clocks) this.setClocks(event.clocks);
        break;
      default:
        break;
    }
    return Applied.CHANGED;
  }

  /** The final view from the server (GET /api/games/{id}) once it has ended: its clocks are the truth. */
  loadFinal(view) {
    if (!view || view.status === 'ONGOING' || view.version < this.lastVersion) return false;
    const replaying = this.viewPly;
    this.load(view);
    this.viewPly = replaying;
    return true;
  }

  /**
   * A turn-based deadline that passed without an event: the server may have drawn vacation days (it publishes
   * nothing for that), so its view of the same version says the deadline now. True when the shown one changed.
   */
  refreshDeadline(view) {
    const game = this.game;
    if (!game || !view || view.version !== this.lastVersion || view.status !== 'ONGOING' || !view.deadline) return false;
    if (game.deadline === view.deadline && game.deadlineVersion === view.version) return false;
    game.deadline = view.deadline;
    game.deadlineVersion = view.version;
    if (view.clocks) this.setClocks(view.clocks);
    return true;
  }

  /** Chat history (GET /api/games/{id}/chat): merged with what the events brought, removed ones dropped. */
  loadChat(messages) {
    for (const m of messages || []) {
      if (m.removed || m.text === null || m.text === undefined) {
        this.chat.delete(m.id);
      } else {
        this.chat.set(m.id, { id: m.id, channel: m.channel, version: m.version, authorId: m.authorId,
          authorName: m.authorName, text: m.text, postedAt: m.postedAt });
      }
    }
  }

  /**
   * My audience's messages (players' chat for players, spectators' chat for everyone else), oldest first;
   * `both`: every channel loaded (staff, who read both chats).
   */
  chatShown(myId, both = false) {
    const channel = this.myColour(myId) ? 'PLAYERS' : 'SPECTATORS';
    return [...this.chat.values()].filter(m => both || m.channel === channel).sort((a, b) => a.version - b.version);
  }

  // --- my move --------------------------------------------------------------------------------------

  /** Whether I may put a stone on `point` now: null, or why not ('wait' when it is simply not my move). */
  refusal(point, myId) {
    const game = this.game;
    if (!game || this.viewPly !== null) return 'wait';
    const colour = this.myColour(myId);
    if (!colour || game.status !== 'ONGOING' || game.toMove !== colour || this.pending) return 'wait';
    if (game.stones[point]) return 'OCCUPIED';
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

  // --- offers and presence ----------------------------------------------------------------------------

  /** Whether a takeback may be asked: casual, live, and I have a move on the board to take back. */
  canAskTakeback(myId) {
    const colour = this.myColour(myId);
    return !!colour && !this.over() && !this.game.ranked && this.game.moves.some(m => m.color === colour);
  }

  /** Presence frame: absences counted on locally from when it came. */
  setPresence(frame) {
    const now = performance.now();
    const side = s => ({ connected: !!(s && s.connected), absentMillis: (s && s.absentMillis) || 0, at: now });
    this.presence = { white: side(frame.white), black: side(frame.black),
      abandonAfterMillis: typeof frame.abandonAfterMillis === 'number' ? frame.abandonAfterMillis : 60000 };
  }

  /** For how long `colour` has had no connection now, or 0 when connected (or not known). */
  absentMillis(colour) {
    const p = this.presence && this.presence[colour === 'WHITE' ? 'white' : 'black'];
    if (!p || p.connected) return 0;
    return p.absentMillis + (performance.now() - p.at);
  }

  /**
   * What the abandonment rule says for me now: null when nothing to show, else {colour (the absent
   * opponent), absentMillis, leftMillis (until a claim is allowed), claimable}.
   */
  abandonment(myId) {
    const mine = this.myColour(myId);
    if (!mine || this.over() || !this.presence) return null;
    const theirs = other(mine);
    const p = this.presence[theirs === 'WHITE' ? 'white' : 'black'];
    if (!p || p.connected) return null;
    const absent = this.absentMillis(theirs);
    const left = Math.max(0, this.presence.abandonAfterMillis - absent);
    return { colour: theirs, absentMillis: absent, leftMillis: left, claimable: left === 0 && this.game.toMove === theirs };
  }

  // --- clocks ---------------------------------------------------------------------------------------

  setClocks(clocks) {
    this.clockBase = clocks ? { whiteMillis: clocks.whiteMillis, blackMillis: clocks.blackMillis, at: performance.now() } : null;
  }

  /** Stops the clocks: at the given (server) clocks, else where they are now. */
  freezeClocks(clocks) {
    if (clocks) {
      this.clockBase = { whiteMillis: clocks.whiteMillis, blackMillis: clocks.blackMillis, at: performance.now(), frozen: true };
      return;
    }
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

  /** The clock shown: live (or final) now, or in replay the clocks right after the move shown. */
  clockShown(colour) {
    if (this.viewPly === null || !this.game) return this.clockNow(colour);
    if (this.viewPly === 0) {
      const tc = parseGameTimeControl(this.game.timeControl);
      return tc ? tc.initialSeconds * 1000 : this.clockNow(colour);
    }
    const move = this.game.moves[this.viewPly - 1];
    const millis = move && (colour === 'WHITE' ? move.whiteMillis : move.blackMillis);
    return typeof millis === 'number' ? millis : this.clockNow(colour);
  }

  // --- what is shown --------------------------------------------------------------------------------

  /** The stones of the position shown (live, or replayed). */
  stonesShown() {
    return this.viewPly === null ? this.game.stones : stonesAfter(this.game.moves, this.viewPly);
  }

  /** The move whose announcements (tria, tessera) go with the position shown, or null. */
  moveShown() {
    const ply = this.currentPly();
    return ply > 0 ? this.game.moves[ply - 1] : null;
  }

  /** Stones `side` had taken after `ply` moves (every point its moves removed). */
  stonesCapturedAt(side, ply) {
    return stonesTaken(this.game.moves.slice(0, ply))[side === 'WHITE' ? 'white' : 'black'];
  }

  /**
   * What `side`'s capture count shows for the position shown: pairs in Pente, stones in Keryo (its 15-stone
   * win), null in Gomoku (no captures). Live, the server's counts; in replay, counted from the moves.
   */
  captureCount(side) {
    const variant = this.variant();
    if (variant === 'GOMOKU') return null;
    const key = side === 'WHITE' ? 'white' : 'black';
    if (this.viewPly === null) {
      const counts = variant === 'KERYO' ? this.game.capturedStones : this.game.capturedPairs;
      return (counts && counts[key]) || 0;
    }
    const stones = this.stonesCapturedAt(side, this.viewPly);
    return variant === 'KERYO' ? stones : stones / 2;
  }

  /** The winner's five (or more) in a row on the final board, through the last move when it can; [] if none. */
  winningLine() {
    const game = this.game;
    if (!game || game.reason !== 'FIVE_IN_A_ROW' || this.viewPly !== null) return [];
    const winner = game.status === 'WHITE_WINS' ? 'W' : game.status === 'BLACK_WINS' ? 'B' : null;
    if (!winner) return [];
    return fiveInARow(game.stones, winner, lastPointOf(game.moves, winner));
  }
}

function lastPointOf(moves, stone) {
  for (let i = moves.length - 1; i >= 0; i--) {
    if (letter(moves[i].color) === stone) return moves[i].point;
  }
  return null;
}

/** The longest run of `stone` of five or more, preferring one through `through`; its points, or []. */
export function fiveInARow(stones, stone, through) {
  const at = (col, row) => (col >= 0 && col < SIZE && row >= 1 && row <= SIZE ? stones[pointName(col, row)] : undefined);
  let best = [];
  for (let col = 0; col < SIZE; col++) {
    for (let row = 1; row <= SIZE; row++) {
      if (at(col, row) !== stone) continue;
      for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        if (at(col - dc, row - dr) === stone) continue; // not the start of its run
        const run = [];
        for (let c = col, r = row; at(c, r) === stone; c += dc, r += dr) run.push(pointName(c, r));
        if (run.length < 5) continue;
        const hasLast = through && run.includes(through);
        const bestHasLast = through && best.includes(through);
        if (!best.length || (hasLast && !bestHasLast) || (hasLast === bestHasLast && run.length > best.length)) best = run;
      }
    }
  }
  return best;
}

