// The 19×19 board as SVG: columns A–T without I, rows 1–19 from the bottom, centre K10. Every intersection
// is a target with data-point="K10" and data-stone="W" | "B" | "" (for people and for tests alike).
import { svg } from './util.js';

export const COLUMNS = 'ABCDEFGHJKLMNOPQRST';
export const SIZE = 19;
const CELL = 32;
const MARGIN = 36;
const EXTENT = MARGIN * 2 + CELL * (SIZE - 1);

export function pointName(col, row) {
  return COLUMNS[col] + row;
}

/** 'K10' -> {col: 9, row: 10} (row counted from 1 at the bottom), or null. */
export function parsePoint(point) {
  const m = /^([A-HJ-T])(\d{1,2})$/.exec(String(point || '').toUpperCase());
  if (!m) return null;
  const row = Number(m[2]);
  if (row < 1 || row > SIZE) return null;
  return { col: COLUMNS.indexOf(m[1]), row };
}

const x = col => MARGIN + col * CELL;
const y = row => MARGIN + (SIZE - row) * CELL;

/** stones: {K10: 'W', ...} from the API's 19 strings (row 19 first, columns A..T). */
export function stonesFromRows(rows) {
  const stones = {};
  (rows || []).forEach((line, i) => {
    const row = SIZE - i;
    for (let col = 0; col < SIZE && col < line.length; col++) {
      if (line[col] === 'W' || line[col] === 'B') stones[pointName(col, row)] = line[col];
    }
  });
  return stones;
}

/** The stones after the first `count` moves (each {color, point, captured[]}). */
export function stonesAfter(moves, count) {
  const stones = {};
  for (const move of moves.slice(0, count)) {
    stones[move.point] = move.color === 'WHITE' ? 'W' : 'B';
    for (const gone of move.captured || []) delete stones[gone];
  }
  return stones;
}

/** The point one step from `point` in a direction (clamped to the board). */
export function stepPoint(point, dcol, drow) {
  const p = parsePoint(point) || { col: 9, row: 10 };
  const col = Math.max(0, Math.min(SIZE - 1, p.col + dcol));
  const row = Math.max(1, Math.min(SIZE, p.row + drow));
  return pointName(col, row);
}

const KEY_STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/**
 * onPoint(point) for a click, a tap, or Enter/Space on the keyboard cursor (arrow keys move it when the
 * board has the focus); onCursor(point) when the cursor moves.
 */
export function createBoard({ onPoint, onCursor } = {}) {
  const root = svg('svg', {
    id: 'board', class: 'board', viewBox: `0 0 ${EXTENT} ${EXTENT}`, role: 'grid', 'aria-label': 'Pente board',
    tabindex: 0,
  });
  const defs = svg('defs', {},
    svg('radialGradient', { id: 'stone-black', cx: '35%', cy: '30%', r: '70%' },
      svg('stop', { offset: '0%', 'stop-color': '#6b6b6b' }), svg('stop', { offset: '100%', 'stop-color': '#0d0d0d' })),
    svg('radialGradient', { id: 'stone-white', cx: '35%', cy: '30%', r: '75%' },
      svg('stop', { offset: '0%', 'stop-color': '#ffffff' }), svg('stop', { offset: '100%', 'stop-color': '#cfcfcf' })));
  root.append(defs);
  root.append(svg('rect', { class: 'wood', x: 0, y: 0, width: EXTENT, height: EXTENT, rx: 10 }));
  // The points an opening rule refuses (the server names them), shaded as the square around them.
  const shade = svg('rect', { id: 'tournament-zone', class: 'tournament-zone', rx: 4, visibility: 'hidden' });
  root.append(shade);
  const grid = svg('g', { class: 'grid' });
  for (let i = 0; i < SIZE; i++) {
    grid.append(svg('line', { x1: x(0), y1: y(i + 1), x2: x(SIZE - 1), y2: y(i + 1) }));
    grid.append(svg('line', { x1: x(i), y1: y(1), x2: x(i), y2: y(SIZE) }));
  }
  for (const p of ['D4', 'D16', 'Q4', 'Q16', 'K10', 'D10', 'Q10', 'K4', 'K16']) {
    const { col, row } = parsePoint(p);
    grid.append(svg('circle', { class: 'star', cx: x(col), cy: y(row), r: p === 'K10' ? 4 : 3 }));
  }
  root.append(grid);
  const labels = svg('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let col = 0; col < SIZE; col++) {
    labels.append(svg('text', { x: x(col), y: MARGIN / 2 + 2 }, COLUMNS[col]));
    labels.append(svg('text', { x: x(col), y: EXTENT - MARGIN / 2 + 6 }, COLUMNS[col]));
  }
  for (let row = 1; row <= SIZE; row++) {
    labels.append(svg('text', { x: MARGIN / 2 - 2, y: y(row) + 4 }, row));
    labels.append(svg('text', { x: EXTENT - MARGIN / 2 + 2, y: y(row) + 4 }, row));
  }
  root.append(labels);
  const stonesLayer = svg('g', { class: 'stones', 'pointer-events': 'none' });
  root.append(stonesLayer);
  const targets = svg('g', { class: 'targets' });
  const byPoint = {};
  for (let row = SIZE; row >= 1; row--) {
    for (let col = 0; col < SIZE; col++) {
      const name = pointName(col, row);
      const target = svg('circle', {
        class: 'pt', cx: x(col), cy: y(row), r: CELL / 2 - 1, 'data-point': name, 'data-stone': '', role: 'gridcell',
        'aria-label': name,
      });
      byPoint[name] = target;
      targets.append(target);
    }
  }
  targets.addEventListener('click', (e) => {
    const point = e.target && e.target.getAttribute && e.target.getAttribute('data-point');
    if (point && onPoint) onPoint(point);
  });
  root.append(targets);
  // Marks over the stones: the winning line, the keyboard cursor, a refused point's flash.
  const marks = svg('g', { class: 'marks', 'pointer-events': 'none' });
  root.append(marks);
  // Notes on empty points (the review's best move and line, a hint): drawn over the targets but letting
  // clicks through, so that a hint's ghost is played by clicking its point.
  const notes = svg('g', { class: 'notes', 'pointer-events': 'none' });
  root.append(notes);
  const cursorMark = svg('rect', { id: 'board-cursor', class: 'cursor-mark', width: CELL - 4, height: CELL - 4, rx: 6, visibility: 'hidden' });
  root.append(cursorMark);

  let drawn = {};
  let shaded = '';
  let cursor = null;
  let focused = false;
  let lastState = {};

  function placeCursor() {
    const p = cursor && parsePoint(cursor);
    cursorMark.setAttribute('visibility', p && focused && !lastState.noCursor ? 'visible' : 'hidden');
    root.dataset.cursor = cursor || '';
    if (!p) return;
    cursorMark.setAttribute('x', x(p.col) - CELL / 2 + 2);
    cursorMark.setAttribute('y', y(p.row) - CELL / 2 + 2);
    const stone = (lastState.stones || {})[cursor];
    root.setAttribute('aria-label', `Pente board, ${cursor}${stone ? (stone === 'W' ? ' ○' : ' ●') : ''}`);
  }

  root.addEventListener('keydown', (e) => {
    if (lastState.noCursor) return; // a finished game: the arrow keys step the replay
    const step = KEY_STEPS[e.key];
    if (step || e.key === 'Enter' || e.key === ' ') focused = true;
    if (step) {
      e.preventDefault();
      cursor = cursor ? stepPoint(cursor, step[0], step[1]) : (lastState.last || 'K10');
      placeCursor();
      if (onCursor) onCursor(cursor);
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor) {
      e.preventDefault();
      if (onPoint) onPoint(cursor);
    }
  });
  root.addEventListener('focus', () => {
    // The cursor shows for keyboard focus, not for a click's.
    focused = !root.matches || root.matches(':focus-visible');
    if (!cursor) cursor = lastState.last || 'K10';
    placeCursor();
  });
  root.addEventListener('blur', () => {
    focused = false;
    placeCursor();
  });

  /** A short visible "no" on a point (taken, or refused by a rule). */
  function flash(point) {
    const p = parsePoint(point);
    if (!p) return;
    const mark = svg('circle', { class: 'refused-mark', cx: x(p.col), cy: y(p.row), r: CELL * 0.46, 'data-point': point });
    marks.append(mark);
    root.dataset.refused = point;
    setTimeout(() => {
      mark.remove();
      if (root.dataset.refused === point) root.dataset.refused = '';
    }, 1200);
  }

  function renderZone(zone) {
    const points = (zone || []).map(parsePoint).filter(Boolean);
    const key = points.map(p => pointName(p.col, p.row)).join(',');
    if (key !== shaded && points.length) {
      const cols = points.map(p => p.col);
      const rows = points.map(p => p.row);
      const [left, right] = [Math.min(...cols), Math.max(...cols)];
      const [bottom, top] = [Math.min(...rows), Math.max(...rows)];
      shade.setAttribute('x', x(left) - CELL / 2);
      shade.setAttribute('y', y(top) - CELL / 2);
      shade.setAttribute('width', CELL * (right - left + 1));
      shade.setAttribute('height', CELL * (top - bottom + 1));
    }
    shaded = key;
    shade.setAttribute('visibility', points.length ? 'visible' : 'hidden');
  }

  /**
   * state: {stones, last, lastCaptured[], pending, ghost (a stone waiting for its confirming tap), win (the
   * winning line's points), zone (points to shade, or null), interactive, myColor ('W'|'B'), notes (see
   * renderNotes)}
   */
  function render(state) {
    lastState = state;
    const stones = state.stones || {};
    root.classList.toggle('interactive', !!state.interactive);
    root.classList.toggle('as-white', state.myColor === 'W');
    root.classList.toggle('as-black', state.myColor === 'B');
    renderZone(state.zone);
    stonesLayer.replaceChildren();
    for (const [point, colour] of Object.entries(stones)) {
      const p = parsePoint(point);
      if (!p) continue;
      stonesLayer.append(svg('circle', {
        class: 'stone ' + (colour === 'W' ? 'white' : 'black'), cx: x(p.col), cy: y(p.row), r: CELL * 0.44,
        fill: colour === 'W' ? 'url(#stone-white)' : 'url(#stone-black)',
      }));
    }
    for (const gone of state.lastCaptured || []) {
      const p = parsePoint(gone);
      if (p && !stones[gone]) {
        stonesLayer.append(svg('circle', { class: 'captured-mark', cx: x(p.col), cy: y(p.row), r: CELL * 0.2 }));
      }
    }
    if (state.pending && !stones[state.pending]) {
      const p = parsePoint(state.pending);
      if (p) {
        stonesLayer.append(svg('circle', {
          class: 'stone pending ' + (state.myColor === 'W' ? 'white' : 'black'), cx: x(p.col), cy: y(p.row), r: CELL * 0.44,
          fill: state.myColor === 'W' ? 'url(#stone-white)' : 'url(#stone-black)',
        }));
      }
    }
    if (state.ghost && !stones[state.ghost]) {
      const p = parsePoint(state.ghost);
      if (p) {
        stonesLayer.append(svg('circle', {
          id: 'ghost-stone', class: 'stone ghost ' + (state.myColor === 'W' ? 'white' : 'black'), cx: x(p.col), cy: y(p.row),
          r: CELL * 0.44, 'data-point': state.ghost, fill: state.myColor === 'W' ? 'url(#stone-white)' : 'url(#stone-black)',
        }));
      }
    }
    for (const point of state.win || []) {
      const p = parsePoint(point);
      if (p) {
        stonesLayer.append(svg('circle', { class: 'win-mark', cx: x(p.col), cy: y(p.row), r: CELL * 0.47, 'data-point': point }));
      }
    }
    root.dataset.win = (state.win || []).join(',');
    if (state.last && stones[state.last]) {
      const p = parsePoint(state.last);
      stonesLayer.append(svg('circle', {
        id: 'last-move', class: 'last-move ' + (stones[state.last] === 'W' ? 'on-white' : 'on-black'),
        cx: x(p.col), cy: y(p.row), r: CELL * 0.14, 'data-point': state.last,
      }));
    }
    for (const [name, target] of Object.entries(byPoint)) {
      const now = stones[name] || '';
      if (drawn[name] !== now) target.setAttribute('data-stone', now);
      target.classList.toggle('last', name === state.last);
    }
    drawn = { ...stones };
    renderNotes(state.notes, stones);
    placeCursor();
  }

  /**
   * notes: [{point, kind ('best' | 'line' | 'hint'), stone ('W' | 'B'), label (a short text: the line's
   * number), title (what a screen reader and a tooltip say)}]; a note on a taken point is left out.
   */
  function renderNotes(list, stones) {
    notes.replaceChildren();
    const shown = [];
    for (const note of list || []) {
      const p = parsePoint(note.point);
      if (!p || stones[note.point] || shown.includes(note.point)) continue;
      shown.push(note.point);
      const white = note.stone === 'W';
      const big = note.kind !== 'line';
      const group = svg('g', { class: `note note-${note.kind} ${white ? 'white' : 'black'}`, 'data-point': note.point,
        'data-kind': note.kind, id: note.kind === 'hint' ? 'hint-mark' : note.kind === 'best' ? 'review-best' : null },
        svg('title', {}, note.title || note.point),
        svg('circle', { class: 'note-stone', cx: x(p.col), cy: y(p.row), r: CELL * (big ? 0.44 : 0.3) }));
      if (note.label) {
        group.append(svg('text', { class: 'note-label', x: x(p.col), y: y(p.row) + (big ? 5 : 4) }, note.label));
      }
      notes.append(group);
    }
    root.dataset.notes = shown.join(',');
  }

  return { element: root, render, flash, cursor: () => cursor };
}
