// Validates live exchanges against the OpenAPI document. Responses: find the operation by method and path,
// pick the response for the status (200 or `default`), and check the body with Ajv. Requests: the query
// values against the parameters' schemas and the JSON body against the request body's schema. Object
// schemas are made closed (unevaluatedProperties: false) here, so a field the contract does not declare
// fails too.
import {
  type ContractOperation,
  contractDocument,
  contractOperations,
  resolveParameter,
  resolveRequestBody,
  resolveResponse,
  resolveSchema,
  type SchemaObject,
} from '@memos-kit/memos-contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const document = contractDocument();
const operations = contractOperations(document);

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
ajv.addFormat('int32', {
  type: 'number',
  validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1,
});
ajv.addSchema({ ...(closeObjects(document) as object), $id: DOCUMENT_ID });

// Requests are read the way grpc-gateway reads them: a proto REQUIRED field (a memo's state, name or
// visibility) marks what a stored resource always has, not what a create or update must send, because the
// server fills in defaults. So request schemas drop `required`; types, enums and unknown fields still count.
function dropRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropRequired);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'required' || !Array.isArray(value)) copy[key] = dropRequired(value);
  }
  return copy;
}
const REQUEST_DOCUMENT_ID = 'memos-openapi-requests.json';
ajv.addSchema({ ...(dropRequired(closeObjects(document)) as object), $id: REQUEST_DOCUMENT_ID });

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The operation of the contract a concrete request such as GET /api/v1/memos/abc/reactions/3 calls. */
function findOperation(method: string, path: string): ContractOperation | undefined {
  const pathname = path.split('?')[0] ?? path;
  const key = method.toLowerCase();
  return operations.find((operation) => operation.method === key && operation.pattern.test(pathname));
}

/** Returns a list of problems (empty when the response honours the contract). */
export function contractProblems(method: string, path: string, status: number, body: unknown): string[] {
  const found = findOperation(method, path);
  if (!found) return [`no operation ${method} ${path} in the OpenAPI document`];
  const key = status === 200 ? '200' : 'default';
  const declared = found.operation.responses?.[key];
  if (!declared) return [`${found.operationId} declares no ${key} response`];
  const media = resolveResponse(document, declared).content?.['application/json'];
  if (!media) {
    // google.protobuf.Empty: the spec declares no body schema; the gateway writes {}.
    return JSON.stringify(body) === '{}'
      ? []
      : [`expected {} from ${found.operationId}, got ${JSON.stringify(body)}`];
  }
  const ref = `${DOCUMENT_ID}#/${pointer('paths', found.path, found.method, 'responses', key, 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return [`cannot compile ${ref}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${found.operationId} ${status}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

/** grpc-gateway accepts a query parameter by its proto (snake_case) name too. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Query parameters a request sends that the operation does not declare (snake_case aliases allowed). */
export function undeclaredQueryParameters(method: string, path: string, names: string[]): string[] {
  const found = findOperation(method, path);
  const declared = new Set(
    (found?.operation.parameters ?? [])
      .map((p) => resolveParameter(document, p))
      .filter((p) => p.in === 'query')
      .map((p) => p.name),
  );
  return names.filter((name) => !declared.has(camel(name)));
}

/** A query string value as the gateway reads it: numbers, booleans, and an enum by name or by number. */
function queryValue(text: string, schema: SchemaObject | undefined): unknown {
  if (schema?.type === 'integer' && /^[+-]?\d+$/.test(text)) return Number(text);
  if (schema?.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (schema?.enum && /^\d+$/.test(text)) return schema.enum[Number(text)] ?? text;
  return text;
}

/**
 * What is wrong with a request by the contract: query values that do not fit their parameter's schema,
 * and a body that does not fit the request body's schema (or is not JSON). Empty when the request is valid.
 */
export function requestProblems(
  method: string,
  path: string,
  query: Record<string, string>,
  body: string | undefined,
): string[] {
  const found = findOperation(method, path);
  if (!found) return [`no operation ${method} ${path} in the OpenAPI document`];
  const problems: string[] = [];
  const base = pointer('paths', found.path, found.method);
  (found.operation.parameters ?? []).forEach((declared, index) => {
    const parameter = resolveParameter(document, declared);
    if (parameter.in !== 'query') return;
    const entry = Object.entries(query).find(([name]) => camel(name) === parameter.name);
    if (!entry) return;
    const validate = ajv.getSchema(`${REQUEST_DOCUMENT_ID}#/${base}/parameters/${index}/schema`);
    const value = queryValue(entry[1], parameter.schema && resolveSchema(document, parameter.schema));
    if (validate && !validate(value)) {
      problems.push(
        `query ${entry[0]}=${JSON.stringify(entry[1])}: ${validate.errors?.[0]?.message ?? 'invalid'}`,
      );
    }
  });
  const requestBody = found.operation.requestBody;
  const media = requestBody && resolveRequestBody(document, requestBody).content['application/json'];
  if (media && body !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [...problems, 'the body is not JSON'];
    }
    const validate = ajv.getSchema(
      `${REQUEST_DOCUMENT_ID}#/${base}/${pointer('requestBody', 'content', 'application/json', 'schema')}`,
    );
    if (validate && !validate(value)) {
      for (const e of validate.errors ?? []) {
        problems.push(`body ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
      }
    }
  }
  return problems;
}
