import type { OpenAPIObject, OperationObject, PathItemObject } from 'openapi3-ts/oas31';

/** The operation keys of a path item, in the order the OpenAPI specification lists them. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of a document, with what every reader needs to find it again. */
export interface ContractOperation {
  /** The path template, e.g. `/api/v1/memos/{memo}`. */
  path: string;
  method: HttpMethod;
  operationId: string;
  operation: OperationObject;
  /** The path item the operation sits in (its `parameters` apply to every operation of the path). */
  pathItem: PathItemObject;
  /** Matches a concrete path such as `/api/v1/memos/abc/reactions/3` (without a query string). */
  pattern: RegExp;
}

/**
 * Every operation of the document, in document order. The kit names operations by operationId (MCP tool
 * names, contract checks), so an operation without one is refused here, once, for every reader.
 */
export function contractOperations(document: OpenAPIObject): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    // Keys that do not start with "/" are specification extensions (x-…), not paths.
    if (!path.startsWith('/')) continue;
    const pattern = pathPattern(path);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const { operationId } = operation;
      if (!operationId) {
        throw new Error(`OpenAPI document: ${method.toUpperCase()} ${path} has no operationId`);
      }
      operations.push({ path, method, operationId, operation, pathItem, pattern });
    }
  }
  return operations;
}

/** A template's `{name}` segments match any one path segment; everything else matches itself. */
function pathPattern(template: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map(literal)
      .join('[^/]+')}$`,
  );
}
