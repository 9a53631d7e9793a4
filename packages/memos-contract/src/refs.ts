import type {
  OpenAPIObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';

const SCHEMA_PREFIX = '#/components/schemas/';

function isReference<T extends object>(value: T | ReferenceObject): value is ReferenceObject {
  return '$ref' in value && typeof value.$ref === 'string';
}

/** The component name of a local schema reference: `#/components/schemas/Memo` -> `Memo`. */
export function schemaRefName(ref: string): string {
  return componentName(ref, SCHEMA_PREFIX);
}

/** A schema, with a `$ref` to a component schema followed (sibling keywords of the `$ref` are not kept). */
export function resolveSchema(document: OpenAPIObject, value: SchemaObject | ReferenceObject): SchemaObject {
  return follow(value, document.components?.schemas, SCHEMA_PREFIX);
}

export function resolveParameter(
  document: OpenAPIObject,
  value: ParameterObject | ReferenceObject,
): ParameterObject {
  return follow(value, document.components?.parameters, '#/components/parameters/');
}

export function resolveRequestBody(
  document: OpenAPIObject,
  value: RequestBodyObject | ReferenceObject,
): RequestBodyObject {
  return follow(value, document.components?.requestBodies, '#/components/requestBodies/');
}

export function resolveResponse(
  document: OpenAPIObject,
  value: ResponseObject | ReferenceObject,
): ResponseObject {
  return follow(value, document.components?.responses, '#/components/responses/');
}

/** Follows references into one table of components, through aliases, refusing a circle. */
function follow<T extends object>(
  value: T | ReferenceObject,
  table: Record<string, T | ReferenceObject> | undefined,
  prefix: string,
): T {
  let current = value;
  const seen = new Set<string>();
  while (isReference(current)) {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`OpenAPI document: ${ref} refers to itself`);
    seen.add(ref);
    const target = table?.[componentName(ref, prefix)];
    if (!target) throw new Error(`OpenAPI document: ${ref} does not resolve`);
    current = target;
  }
  return current;
}

function componentName(ref: string, prefix: string): string {
  if (!ref.startsWith(prefix)) {
    throw new Error(`OpenAPI document: expected a local reference ${prefix}…, got ${ref}`);
  }
  // A JSON pointer segment, URI-encoded: ~1 stands for "/" and ~0 for "~".
  return decodeURIComponent(ref.slice(prefix.length)).replaceAll('~1', '/').replaceAll('~0', '~');
}
