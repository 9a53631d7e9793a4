/**
 * Memos' naming rules (server/router/mcp/catalog.go): `MemoService_ListMemos` -> `memo_list_memos`,
 * and the title is the name with each piece capitalised: `Memo List Memos`.
 */
export function toolNameFromOperationId(operationId: string): string {
  const separator = operationId.indexOf('_');
  if (separator === -1) return snakeCase(operationId);
  const service = operationId.slice(0, separator).replace(/Service$/, '');
  const method = operationId.slice(separator + 1);
  return `${snakeCase(service)}_${snakeCase(method)}`;
}

export function titleFromToolName(name: string): string {
  return name
    .split('_')
    .map((piece) => piece.charAt(0).toUpperCase() + piece.slice(1))
    .join(' ');
}

function snakeCase(identifier: string): string {
  return identifier.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
