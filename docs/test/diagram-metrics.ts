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
}

export interface DiagramMetrics {
  index: number;
  labels: DiagramLabel[];
}

/**
 * Runs in the page: one entry per `.mermaid svg`, with every label's size and overflow. It names no
 * inner function, since a transpiler that keeps function names would add calls to a helper the page
 * does not have.
 */
export function measureDiagrams(): DiagramMetrics[] {
  return Array.from(document.querySelectorAll<SVGSVGElement>('.mermaid svg')).map((svg, index) => {
    const viewBox = svg.viewBox.baseVal;
    const scale = viewBox && viewBox.width > 0 ? svg.getBoundingClientRect().width / viewBox.width : 1;
    const labels: DiagramLabel[] = [];
    // HTML labels (flowcharts, subgraph titles, edge labels): the foreignObject is the box, and the
    // browser clips whatever of its content lies outside. A range over the content measures the
    // text itself, which a fixed-size element around it would hide.
    // SVG text (sequence diagrams: actors, messages, notes): a text drawn inside a box must stay
    // inside that box; message texts have no box and are only measured for size.
    const boxes = Array.from(svg.querySelectorAll('foreignObject, text')).filter(
      (element) =>
        (element.textContent ?? '').trim() !== '' && !element.parentElement?.closest('foreignObject'),
    );
    for (const element of boxes) {
      const html = element.tagName.toLowerCase() === 'foreignobject';
      const styled = html ? (element.querySelector('span, p, div') ?? element) : element;
      let inner: DOMRect = element.getBoundingClientRect();
      let outer: DOMRect | undefined;
      if (html) {
        const range = document.createRange();
        range.selectNodeContents(element);
        outer = inner;
        inner = range.getBoundingClientRect();
      } else {
        // A note's or an actor's text sits next to its rect. The label of an opt/alt block sits in a
        // small polygon and its condition runs beside it, so neither has a rect to stay inside.
        outer = element.parentElement?.querySelector(':scope > rect')?.getBoundingClientRect();
      }
      labels.push({
        text: (element.textContent ?? '').trim(),
        effectivePx: Number.parseFloat(getComputedStyle(styled).fontSize) * scale,
        overflowPx: outer
          ? Math.max(
              0,
              outer.left - inner.left,
              inner.right - outer.right,
              outer.top - inner.top,
              inner.bottom - outer.bottom,
            )
          : 0,
      });
    }
    return { index, labels };
  });
}
