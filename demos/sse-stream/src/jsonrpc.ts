import type { Say } from './messages.ts';

/** The few JSON-RPC shapes this demo needs to tell apart, read defensively from parsed `data`. */
export interface ProgressParams {
  progressToken: string | number;
  progress: number;
  total?: number;
  message?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The progress notification's params, rebuilt from the fields that have the right types; otherwise none. */
export function asProgress(message: unknown): ProgressParams | undefined {
  if (!isRecord(message) || message.method !== 'notifications/progress' || !isRecord(message.params)) return;
  const { progressToken, progress, total, message: text } = message.params;
  if (
    (typeof progressToken !== 'string' && typeof progressToken !== 'number') ||
    typeof progress !== 'number'
  )
    return;
  return {
    progressToken,
    progress,
    ...(typeof total === 'number' ? { total } : {}),
    ...(typeof text === 'string' ? { message: text } : {}),
  };
}

export function responseId(message: unknown): string | number | undefined {
  if (!isRecord(message) || !('result' in message || 'error' in message)) return;
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

export function structuredContentOf(message: unknown): unknown {
  if (!isRecord(message) || !isRecord(message.result)) return undefined;
  return message.result.structuredContent;
}

export function describeMessage(message: unknown, say: Say): string {
  if (!isRecord(message) || 'notJson' in message) return say('messageNotJson');
  if (typeof message.method === 'string')
    return say('id' in message ? 'messageRequest' : 'messageNotification', { method: message.method });
  if ('result' in message) return say('messageResult', { id: JSON.stringify(message.id) });
  if ('error' in message) return say('messageError', { id: JSON.stringify(message.id) });
  return say('messageOther');
}

/**
 * A few words for what an event's data carries, for lines that list events: the notification's method (and
 * its progress message, if it has one) or the id a result answers; undefined when the data is not JSON.
 */
export function eventLabel(data: string, say: Say): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  const id = responseId(message);
  if (id !== undefined) return say('labelResult', { id });
  const note = asProgress(message)?.message;
  // A notification is named by its method alone: in a list of events, "notifications/progress" says enough.
  const what =
    isRecord(message) && typeof message.method === 'string' && !('id' in message)
      ? message.method
      : describeMessage(message, say);
  return `${what}${note === undefined ? '' : ` "${note}"`}`;
}
