/** Where the site serves mermaid's browser build (its entry and the chunks beside it), from the site root. */
export const MERMAID_DIR = '/mermaid/';
export const MERMAID_ENTRY = `${MERMAID_DIR}mermaid.esm.min.js`;
