import {
  type OpenAPIObject,
  type ReferenceObject,
  resolveSchema,
  type SchemaObject,
  schemaRefName,
} from '@memos-kit/memos-contract';
import { isObject, type JsonObject } from './json.ts';

/**
 * Turns OpenAPI component references into a self-contained JSON Schema the way Memos does
 * (server/router/mcp/openapi.go): the outermost `$ref` is inlined, every nested one becomes
 * `#/$defs/<Component>` with the component copied once into one flat `$defs` map. A tool's input schema
 * shares one collector between its parameters and its body, so all their definitions land side by side.
 */
export class DefsCollector {
  readonly defs = new Map<string, JsonObject>();

  constructor(private readonly document: OpenAPIObject) {}

  /** Inlines a top-level `$ref` (keeping sibling keywords) and rewrites everything nested. */
  inline(schema: SchemaObject | ReferenceObject): JsonObject {
    const { $ref, ...siblings } = schema;
    if (typeof $ref !== 'string') return this.copy(schema);
    return { ...this.copy(this.component($ref)), ...this.copy(siblings) };
  }

  /** The collected definitions, in the order they were first met (deterministic output). */
  toObject(): JsonObject | undefined {
    return this.defs.size === 0 ? undefined : Object.fromEntries(this.defs);
  }

  private rewrite(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.rewrite(item));
    return isObject(node) ? this.copy(node) : node;
  }

  private copy(node: object): JsonObject {
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = schemaRefName(value);
        if (!this.defs.has(name)) {
          // The placeholder makes self-referencing components (a memo's relations) terminate.
          this.defs.set(name, {});
          this.defs.set(name, this.copy(this.component(value)));
        }
        copy.$ref = `#/$defs/${name}`;
      } else {
        copy[key] = this.rewrite(value);
      }
    }
    return copy;
  }

  private component(ref: string): SchemaObject {
    return resolveSchema(this.document, { $ref: ref });
  }
}
