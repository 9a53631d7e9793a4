import { isObject, type JsonObject, type OpenApiDocument } from './openapi-types.ts';

const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

/**
 * Turns OpenAPI component references into a self-contained JSON Schema the way Memos does
 * (server/router/mcp/openapi.go): the outermost `$ref` is inlined, every nested one becomes
 * `#/$defs/<Component>` with the component copied once into one flat `$defs` map. A tool's input schema
 * shares one collector between its parameters and its body, so all their definitions land side by side.
 */
export class DefsCollector {
  readonly defs = new Map<string, JsonObject>();

  constructor(private readonly document: OpenApiDocument) {}

  /** Inlines a top-level `$ref` (keeping sibling keywords) and rewrites everything nested. */
  inline(schema: JsonObject): JsonObject {
    const { $ref, ...siblings } = schema;
    if (typeof $ref !== 'string') return this.rewrite(schema) as JsonObject;
    const target = this.rewrite(this.component($ref)) as JsonObject;
    return { ...target, ...(this.rewrite(siblings) as JsonObject) };
  }

  /** The collected definitions, in the order they were first met (deterministic output). */
  toObject(): JsonObject | undefined {
    return this.defs.size === 0 ? undefined : Object.fromEntries(this.defs);
  }

  private rewrite(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.rewrite(item));
    if (!isObject(node)) return node;
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = componentName(value);
        if (!this.defs.has(name)) {
          // The placeholder makes self-referencing components (a memo's relations) terminate.
          this.defs.set(name, {});
          this.defs.set(name, this.rewrite(this.component(value)) as JsonObject);
        }
        copy.$ref = `#/$defs/${name}`;
      } else {
        copy[key] = this.rewrite(value);
      }
    }
    return copy;
  }

  private component(ref: string): JsonObject {
    const schema = this.document.components?.schemas?.[componentName(ref)];
    if (!schema) throw new Error(`OpenAPI document: ${ref} does not resolve to a component schema`);
    return schema;
  }
}

function componentName(ref: string): string {
  if (!ref.startsWith(COMPONENT_SCHEMA_PREFIX)) {
    throw new Error(`OpenAPI document: only local component schema references are supported, got ${ref}`);
  }
  return decodeURIComponent(
    ref.slice(COMPONENT_SCHEMA_PREFIX.length).replaceAll('~1', '/').replaceAll('~0', '~'),
  );
}

/** Resolves `{ $ref: '#/components/<kind>/<name>' }` wrappers around parameters, bodies and responses. */
export function resolveComponent<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (!isObject(value) || typeof value.$ref !== 'string') return value as T;
  const match = /^#\/components\/(parameters|requestBodies|responses)\/(.+)$/.exec(value.$ref);
  const resolved = match ? document.components?.[match[1] as 'parameters']?.[match[2] as string] : undefined;
  if (!resolved) throw new Error(`OpenAPI document: cannot resolve ${value.$ref}`);
  return resolved as T;
}
