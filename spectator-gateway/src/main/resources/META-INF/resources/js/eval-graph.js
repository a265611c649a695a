// The review's evaluation graph: White's win chance after every move as inline SVG (White's share light,
// Black's dark), one point per ply coloured by the move's class, the ply shown marked, the first forced win
// and each missed win flagged. A click, a tap or the keyboard (it is a slider) goes to a ply.
import { svg } from './util.js';
import { t } from './i18n.js';

const W = 320;
const H = 140;
const LEFT = 36;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 16;

/** The CSS class for a move class ('BLUNDER' -> 'blunder'); unknown classes are drawn as plain moves. */
export function classKey(moveClass) {
  const known = ['BEST', 'GOOD', 'INACCURACY', 'MISTAKE', 'BLUNDER', 'FORCED'];
  return known.includes(moveClass) ? moveClass.toLowerCase() : 'good';
}

const percent = chance => Math.round(Math.max(0, Math.min(1, Number(chance) || 0)) * 100);

/** onGoTo(ply): the reader picked a ply (0 = before the first move). */
export function createEvalGraph({ onGoTo }) {
  const root = svg('svg', { id: 'eval-graph', class: 'eval-graph', viewBox: `0 0 ${W} ${H}`, role: 'slider', tabindex: 0,
    'aria-valuemin': 0, 'aria-valuemax': 0, 'aria-valuenow': 0 });
  let moves = [];
  let current = 0;

  const span = () => Math.max(1, moves.length);
  const px = ply => LEFT + (ply / span()) * (W - LEFT - RIGHT);
  const py = chance => TOP + (1 - Math.max(0, Math.min(1, Number(chance) || 0))) * (H - TOP - BOTTOM);

  function plyAt(clientX) {
    const box = root.getBoundingClientRect();
    if (!box.width) return current;
    const at = ((clientX - box.left) / box.width) * W;
    return Math.max(0, Math.min(moves.length, Math.round(((at - LEFT) / (W - LEFT - RIGHT)) * span())));
  }

  root.addEventListener('click', (e) => {
    const point = e.target.closest && e.target.closest('[data-ply]');
    onGoTo(point ? Number(point.getAttribute('data-ply')) : plyAt(e.clientX));
  });
  root.addEventListener('keydown', (e) => {
    const steps = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 };
    let target = null;
    if (e.key in steps) target = current + steps[e.key];
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') target = moves.length;
    if (target === null) return;
    e.preventDefault();
    e.stopPropagation(); // the page's own replay keys would step a second time
    onGoTo(Math.max(0, Math.min(moves.length, target)));
  });

  /** What the slider says at a ply: "Move 12 (White, L11): White 62% — mistake". */
  function valueText(ply) {
    if (ply === 0 || !moves[ply - 1]) return t('review.graphStart');
    const m = moves[ply - 1];
    return t('review.graphValue', { n: ply, color: t('colour.' + m.color), move: m.move, chance: percent(m.winChanceWhite),
      cls: t('review.class.' + (m.class || 'GOOD')) });
  }

  /** review: the GameReview JSON; ply: the ply shown. */
  function render(review, ply) {
    moves = (review && review.moves) || [];
    current = Math.max(0, Math.min(moves.length, ply));
    root.replaceChildren();
    root.setAttribute('aria-label', t('review.graph'));
    root.setAttribute('aria-valuemax', String(moves.length));
    root.setAttribute('aria-valuenow', String(current));
    root.setAttribute('aria-valuetext', valueText(current));
    root.dataset.points = String(moves.length);
    root.dataset.ply = String(current);
    const bottom = H - BOTTOM;
    root.append(svg('rect', { class: 'eval-black', x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: bottom - TOP }));
    if (moves.length) {
      // White's share: the area under the curve, from the start (even) through every ply.
      const curve = [[px(0), py(0.5)], ...moves.map((m, i) => [px(i + 1), py(m.winChanceWhite)])];
      const line = curve.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ');
      root.append(svg('polygon', { class: 'eval-white', points: `${px(0)},${bottom} ${line} ${px(moves.length).toFixed(1)},${bottom}` }));
      root.append(svg('polyline', { class: 'eval-line', points: line }));
    }
    root.append(svg('line', { class: 'eval-mid', x1: LEFT, x2: W - RIGHT, y1: py(0.5), y2: py(0.5) }));
    for (const [chance, label] of [[1, '100%'], [0.5, '50%'], [0, '0%']]) {
      root.append(svg('text', { class: 'eval-axis', x: LEFT - 4, y: py(chance) + 4 }, label));
    }
    root.append(svg('text', { class: 'eval-axis eval-axis-x', x: W - RIGHT, y: H - 3 }, String(moves.length)));
    root.append(svg('text', { class: 'eval-axis eval-axis-x start', x: LEFT, y: H - 3 }, '0'));
    const win = review && review.firstWin;
    if (win && win.ply >= 1 && win.ply <= moves.length) {
      // The forced win appeared for the mover of this ply: the flag stands just before its move.
      const at = px(win.ply - 1);
      root.append(svg('line', { class: 'eval-first-win', x1: at, x2: at, y1: TOP, y2: bottom, 'data-ply': win.ply },
        svg('title', {}, t('review.firstWinAt', { n: win.ply, color: t('colour.' + win.color), move: win.move }))));
    }
    root.append(svg('line', { id: 'eval-current', class: 'eval-current', x1: px(current), x2: px(current), y1: TOP, y2: bottom }));
    moves.forEach((m, i) => {
      const ply = i + 1;
      const cls = classKey(m.class);
      const notable = ['inaccuracy', 'mistake', 'blunder'].includes(cls) || m.missedWin;
      root.append(svg('circle', { class: `eval-point cls-${cls}${m.missedWin ? ' missed-win' : ''}${ply === current ? ' current' : ''}`,
        cx: px(ply), cy: py(m.winChanceWhite), r: notable ? 5 : 3, 'data-ply': ply, 'data-class': m.class || '' },
        svg('title', {}, valueText(ply))));
      if (m.missedWin) {
        root.append(svg('text', { class: 'eval-missed-win', x: px(ply), y: TOP + 12, 'data-ply': ply }, '✗'));
      }
    });
  }

  return { element: root, render };
}
