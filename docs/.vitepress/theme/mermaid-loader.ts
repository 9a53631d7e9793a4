// What `import mermaid from 'mermaid'` gives vitepress-plugin-mermaid in this site (see ../mermaid-runtime.ts):
// the same three calls, answered by mermaid's own browser build, fetched from the site the first time a
// page draws a diagram. A page without a diagram never loads it.
import type { ExternalDiagramDefinition, Mermaid, MermaidConfig } from 'mermaid';
import { withBase } from 'vitepress';
import { MERMAID_ENTRY } from './mermaid-path.ts';

let loading: Promise<Mermaid> | undefined;
function load(): Promise<Mermaid> {
  // The path is only known at run time (the site's base), so Vite leaves this import to the browser.
  loading ??= import(/* @vite-ignore */ withBase(MERMAID_ENTRY)).then(
    (module: { default: Mermaid }) => module.default,
  );
  return loading;
}

let config: MermaidConfig = {};

export default {
  async registerExternalDiagrams(diagrams: ExternalDiagramDefinition[]): Promise<void> {
    await (await load()).registerExternalDiagrams(diagrams);
  },
  // The plugin calls this without waiting, right before render: kept, and applied when render runs.
  initialize(next: MermaidConfig): void {
    config = next;
  },
  async render(id: string, text: string): Promise<{ svg: string }> {
    const mermaid = await load();
    mermaid.initialize(config);
    return mermaid.render(id, text);
  },
};
