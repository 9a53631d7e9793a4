// Its own module, with nothing but data, so the command line can offer the choice (--descriptions) without
// loading the catalog builder and the contract.
import type { DescriptionOverlay } from './build-catalog.ts';
import overlay from './kit-descriptions.json' with { type: 'json' };

/**
 * Which text a tool's description is. `memos` (the default) is the operation's description in the OpenAPI
 * document, as Memos' own adapter sends it: the kit's contract holds Memos v0.30.0's text. `kit` lays the
 * kit's overlay over it (`KIT_DESCRIPTIONS`).
 */
export type DescriptionSource = 'memos' | 'kit';
export const DESCRIPTION_SOURCES: readonly DescriptionSource[] = ['memos', 'kit'];

/**
 * `kit-descriptions`, the kit's overlay: its own descriptions for the tools whose Memos text leaves out what
 * a caller needs to know (who may call it, what order a list comes in, which arguments are ignored, what a
 * replace deletes), and for the parameters whose Memos text does (the fields `updateMask` takes, an
 * `orderBy` that is ignored, the `memo_id` of the attachment filter, where Memos' text says `memo`), as read
 * from Memos v0.30.0's code and served by the mock. Keyed by operationId; everything else keeps Memos'
 * text. The kit's words, not Memos': only `--descriptions kit` sends them, and `pnpm demo:host`, whose
 * stand-in model picks a tool by the words of its description, serves them.
 */
export const KIT_DESCRIPTIONS: Required<DescriptionOverlay> = overlay;

/** The operations whose tool the overlay changes, in its own description or a parameter's. */
export const KIT_OVERLAID_OPERATIONS: readonly string[] = [
  ...new Set([...Object.keys(overlay.operations), ...Object.keys(overlay.parameters)]),
].sort();
