// Validates live responses against the OpenAPI document: find the operation by method and path, pick the
// response for the status (200 or `default`), and check the body with Ajv. Object schemas are made closed
// (unevaluatedProperties: false) here, so a field the contract does not declare fails the test too.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiDocument } from '../../src/index.ts';

const DOCUMENT_ID = 'memos-openapi.json';

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = closeObjects(value);
  if ('properties' in copy && copy.type === 'object' && !('additionalProperties' in copy)) {
    copy.unevaluatedProperties = false;
  }
  return copy;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const format of ['enum', 'field-mask', 'bytes']) ajv.addFormat(format, true);
ajv.addSchema({ ...(closeObjects(openapiDocument) as object), $id: DOCUMENT_ID });

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content: Record<string, { schema?: unknown }> }>;
}

/** The OpenAPI path template matching a concrete path such as /api/v1/memos/abc/reactions/3. */
export function findOperation(
  method: string,
  path: string,
): { template: string; operation: Operation } | undefined {
  const pathname = path.split('?')[0] ?? path;
  for (const [template, item] of Object.entries(openapiDocument.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = (item as Record<string, Operation>)[method.toLowerCase()];
    if (pattern.test(pathname) && operation) return { template, operation };
  }
  return undefined;
}

/** Returns a list of problems (empty when the response honours the contract). */
export function contractProblems(method: string, path: string, status: number, body: unknown): string[] {
  const found = findOperation(method, path);
  if (!found) return [`no operation ${method} ${path} in the OpenAPI document`];
  const key = status === 200 ? '200' : 'default';
  const response = found.operation.responses[key];
  if (!response) return [`${found.operation.operationId} declares no ${key} response`];
  const media = response.content['application/json'];
  if (!media) {
    // google.protobuf.Empty: the spec declares no body schema; the gateway writes {}.
    return JSON.stringify(body) === '{}'
      ? []
      : [`expected {} from ${found.operation.operationId}, got ${JSON.stringify(body)}`];
  }
  const ref = `${DOCUMENT_ID}#/${pointer('paths', found.template, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return [`cannot compile ${ref}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${found.operation.operationId} ${status}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

/** Query parameters a request sends that the operation does not declare (snake_case aliases allowed). */
export function undeclaredQueryParameters(method: string, path: string, names: string[]): string[] {
  const found = findOperation(method, path);
  const declared = new Set(
    (found?.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  );
  const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return names.filter((name) => !declared.has(camel(name)));
}
