// Measures every Mermaid diagram on the page the way a reader on a projector sees it: how large its
// labels really are on screen, and whether any label's text runs out of the box drawn for it.
// `measureDiagrams` runs inside the browser (page.evaluate), so it must not use anything from
// this module's scope.

interface DiagramLabel {
  /** The label's text, to name it in a failure. */
  text: string;
  /** Font size times the SVG's scale: the size the reader sees, in CSS px. */
  effectivePx: number;
  /** How far the text runs past its box on any side, in CSS px (0 when it fits). */
  overflowPx: number;
  /** What the box is: 'node', 'cluster', 'label', 'actor', 'note', 'frame' or 'diagram'. */
  box: string;
}

export interface DiagramMetrics {
  index: number;
  labels: DiagramLabel[];
}

/**
 * Runs in the page: one entry per `.mermaid svg`, with every label's size and how far its text runs past
 * the box it belongs to. The box is the shape drawn around the label, not the element that holds the
 * text (Mermaid sizes that to the text, so it always fits):
 * - a flowchart node's label, its node's shape; a subgraph's title, the subgraph's rectangle;
 * - a sequence diagram's actor or note, its rectangle; any other text of it (a message, an opt/alt/loop
 *   condition or section title), the innermost opt/alt/loop frame around it;
 * - every label, also the diagram itself: what lies outside the SVG is cut off.
 * It names no inner function, since a transpiler that keeps function names would add calls to a helper the
 * page does not have.
 */
export function measureDiagrams(): DiagramMetrics[] {
  return Array.from(document.querySelectorAll<SVGSVGElement>('.mermaid svg')).map((svg, index) => {
    const viewBox = svg.viewBox.baseVal;
    const scale = viewBox && viewBox.width > 0 ? svg.getBoundingClientRect().width / viewBox.width : 1;
    const diagram = svg.getBoundingClientRect();
    // A sequence diagram's opt/alt/loop frame is four lines (and a dashed line per section) in a group.
    const frames = Array.from(svg.querySelectorAll('g'))
      .map((group) => Array.from(group.querySelectorAll(':scope > line.loopLine')))
      .filter((lines) => lines.length >= 4)
      .map((lines) => {
        const boxes = lines.map((line) => line.getBoundingClientRect());
        return {
          left: Math.min(...boxes.map((box) => box.left)),
          right: Math.max(...boxes.map((box) => box.right)),
          top: Math.min(...boxes.map((box) => box.top)),
          bottom: Math.max(...boxes.map((box) => box.bottom)),
        };
      });
    const labels: DiagramLabel[] = [];
    const elements = Array.from(svg.querySelectorAll('foreignObject, text')).filter(
      (element) =>
        (element.textContent ?? '').trim() !== '' && !element.parentElement?.closest('foreignObject'),
    );
    for (const element of elements) {
      const html = element.tagName.toLowerCase() === 'foreignobject';
      const styled = html ? (element.querySelector('span, p, div') ?? element) : element;
      let text: DOMRect = element.getBoundingClientRect();
      let outer: { left: number; right: number; top: number; bottom: number } | undefined;
      let box = 'diagram';
      if (html) {
        // A range over the content measures the text itself, which a fixed-size element around it would hide.
        const range = document.createRange();
        range.selectNodeContents(element);
        text = range.getBoundingClientRect();
        const node = element.closest('g.node');
        const cluster = element.closest('g.cluster');
        const shape = node?.querySelector(
          ':scope > rect, :scope > polygon, :scope > path, :scope > circle, :scope > ellipse, :scope > g > rect, :scope > g > path',
        );
        if (node && shape) {
          outer = shape.getBoundingClientRect();
          box = 'node';
        } else if (cluster?.querySelector(':scope > rect')) {
          outer = cluster.querySelector(':scope > rect')?.getBoundingClientRect();
          box = 'cluster';
        } else {
          outer = element.getBoundingClientRect();
          box = 'label';
        }
      } else {
        const rect = element.parentElement?.querySelector(':scope > rect');
        const kind = element.getAttribute('class') ?? '';
        if (rect && /actor|note/.test(`${kind} ${rect.getAttribute('class') ?? ''}`)) {
          outer = rect.getBoundingClientRect();
          box = /note/.test(`${kind} ${rect.getAttribute('class') ?? ''}`) ? 'note' : 'actor';
        } else {
          const middle = { x: (text.left + text.right) / 2, y: (text.top + text.bottom) / 2 };
          const around = frames
            .filter(
              (f) => f.left <= middle.x && middle.x <= f.right && f.top <= middle.y && middle.y <= f.bottom,
            )
            .sort(
              (a, b) => (a.right - a.left) * (a.bottom - a.top) - (b.right - b.left) * (b.bottom - b.top),
            );
          outer = around[0];
          if (outer) box = 'frame';
        }
      }
      const past = (inner: DOMRect, edge: { left: number; right: number; top: number; bottom: number }) =>
        Math.max(
          0,
          edge.left - inner.left,
          inner.right - edge.right,
          edge.top - inner.top,
          inner.bottom - edge.bottom,
        );
      const overBox = outer ? past(text, outer) : 0;
      const overDiagram = past(text, diagram);
      labels.push({
        text: (element.textContent ?? '').trim(),
        effectivePx: Number.parseFloat(getComputedStyle(styled).fontSize) * scale,
        overflowPx: Math.max(overBox, overDiagram),
        box: overDiagram > overBox ? 'diagram' : box,
      });
    }
    return { index, labels };
  });
}
