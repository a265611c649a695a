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

export function createBoard({ onPoint } = {}) {
  const root = svg('svg', {
    id: 'board', class: 'board', viewBox: `0 0 ${EXTENT} ${EXTENT}`, role: 'grid', 'aria-label': 'Pente board',
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

  let drawn = {};
  let shaded = '';

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

  /** state: {stones, last, lastCaptured[], pending, zone (points to shade, or null), interactive, myColor ('W'|'B')} */
  function render(state) {
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
  }

  return { element: root, render };
}
