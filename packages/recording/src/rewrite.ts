type RpcId = string | number | null;

/** What ties a recorded answer to its request: the request's id and progress token. */
export interface Correlation {
  id: RpcId | undefined;
  progressToken: string | number | undefined;
}

/**
 * A recorded server message, re-addressed to the live request: its id (an answer) or its progress token
 * (a progress notification) becomes the live one. When nothing needs to change, the recorded bytes are
 * returned untouched, so a replay with the recorded ids is byte for byte the recording.
 */
export function readdress(text: string, recorded: Correlation, live: Correlation): string {
  if (recorded.id === live.id && recorded.progressToken === live.progressToken) return text;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return text;
  let changed = false;
  const record = message as Record<string, unknown>;
  if ('id' in record && record.id === recorded.id && live.id !== undefined) {
    record.id = live.id;
    changed = true;
  }
  const params = record.params;
  if (
    record.method === 'notifications/progress' &&
    typeof params === 'object' &&
    params !== null &&
    'progressToken' in params &&
    params.progressToken === recorded.progressToken &&
    live.progressToken !== undefined
  ) {
    (params as Record<string, unknown>).progressToken = live.progressToken;
    changed = true;
  }
  // Assigning an existing member keeps its place, so only the changed values differ from the recording.
  return changed ? JSON.stringify(message) : text;
}

/** The same for one SSE event as written: its `data:` lines are replaced by the re-addressed data. */
export function readdressEvent(raw: string, data: string, recorded: Correlation, live: Correlation): string {
  const next = readdress(data, recorded, live);
  if (next === data) return raw;
  const lines = raw.split(/(?<=\n)/);
  const out: string[] = [];
  let placed = false;
  for (const line of lines) {
    if (/^data(:|\r?\n)/.test(line)) {
      if (!placed) out.push(`data: ${next}${line.endsWith('\r\n') ? '\r\n' : '\n'}`);
      placed = true;
    } else out.push(line);
  }
  return out.join('');
}
