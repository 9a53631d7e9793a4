// Its own module so the command line can offer the choice (--error-text) without loading the tool runner,
// Ajv and the filter with it.

/**
 * How a REST failure reads in a tool error. `memos` (the default) is Memos' adapter: the status first,
 * `404 Not Found: memo not found`, so an agent can tell a missing memo from a refused one. `article` is the
 * article's "memos-example-adapter": the message alone, a filter error worded `Invalid filter expression: …`
 * (its id 5). Only the article's replays ask for it.
 */
export type ErrorText = 'memos' | 'article';
export const ERROR_TEXTS: readonly ErrorText[] = ['memos', 'article'];
