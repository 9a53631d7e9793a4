/**
 * Tool schemas as the catalog writes them: plain JSON objects. The catalog copies the contract's schemas
 * into them and never interprets more than `$ref`, so they need no richer type.
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
