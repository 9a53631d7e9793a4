import { type InputRequiredResult, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../catalog/index.ts';
import type { ToolCallResult } from '../tools/tool-runner.ts';

/** The key of the one input request; the client answers under the same key in `inputResponses`. */
const CONFIRM_KEY = 'confirm';

const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: {
      type: 'boolean' as const,
      title: 'Go ahead',
      description: 'true runs the tool; false cancels it',
    },
  },
  required: ['confirm'],
};

/**
 * The server's side of a confirmation, for every tool it annotates `destructiveHint: true` (the deletes,
 * `memo_update_memo`, the `memo_set_*` tools). The hint alone asks a client to be careful; this makes
 * the server insist. The first `tools/call` gets `resultType: "input_required"` with one form
 * elicitation; the client retries the same call, with a new id, carrying the user's answer in
 * `inputResponses`. Nothing is kept between the two requests: the retry carries the arguments again
 * and the answer, so no `requestState` is needed (and none could be forged).
 *
 * Returns what to answer instead of running the tool, or `undefined` to run it. A client that did not
 * declare the elicitation capability gets `-32021` from the SDK, which checks every input request
 * against `_meta["io.modelcontextprotocol/clientCapabilities"]`.
 */
// #region confirm-destructive
export function confirmDestructive(
  tool: ToolDefinition,
  args: unknown,
  inputResponses: Record<string, unknown> | undefined,
): InputRequiredResult | ToolCallResult | undefined {
  if (tool.annotations?.destructiveHint !== true) return undefined;
  const answer = inputResponse(inputResponses, CONFIRM_KEY);
  if (answer.kind === 'missing') {
    return inputRequired({
      inputRequests: {
        [CONFIRM_KEY]: inputRequired.elicit({
          message: `${tool.name} ${JSON.stringify(args ?? {})} deletes or overwrites data and cannot be undone. Go ahead?`,
          requestedSchema: CONFIRM_SCHEMA,
        }),
      },
    });
  }
  if (answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.confirm === true)
    return undefined;
  const how =
    answer.kind !== 'elicit'
      ? 'sent another kind of answer'
      : { accept: 'answered no', decline: 'declined', cancel: 'cancelled the question' }[answer.action];
  // An error result: the tool did not run, so there is no output for its outputSchema.
  return {
    content: [
      { type: 'text', text: `Cancelled: the user ${how}, so ${tool.name} did not run and nothing changed.` },
    ],
    isError: true,
  };
}
// #endregion confirm-destructive
