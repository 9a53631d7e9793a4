import {
  type ContractOperation,
  contractOperations,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type RequestBodyObject,
  resolveParameter,
  resolveRequestBody,
  resolveResponse,
  type SchemaObject,
} from '@memos-kit/memos-contract';
import { annotationsFor, type ToolAnnotations } from './annotations.ts';
import { isObject, type JsonObject } from './json.ts';
import {
  type BodyOverride,
  type CatalogOverrides,
  CURATED_OPERATION_IDS,
  memosOverrides,
  overriddenOperationIds,
} from './memos-overrides.ts';
import { titleFromToolName, toolNameFromOperationId } from './naming.ts';
import { DefsCollector } from './schema-refs.ts';

/** A tool exactly as `tools/list` sends it (key order included: name, title, description, schemas, …). */
export interface ToolDefinition {
  name: string;
  title: string;
  description?: string;
  inputSchema: JsonObject & { type: 'object' };
  outputSchema: JsonObject & { type: 'object' };
  annotations: ToolAnnotations;
  _meta: { method: string; operationId: string; path: string };
}

/** What `tools/call` needs to turn arguments back into the REST request the tool stands for. */
export interface ToolOperation {
  method: string;
  /** The OpenAPI path template, e.g. `/api/v1/memos/{memo}`. */
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: string[];
  body: 'none' | 'optional' | 'required';
}

export interface CatalogEntry {
  tool: ToolDefinition;
  operation: ToolOperation;
  /** Only with `allOperations`: an operation outside Memos' allowlist, exposed on the teacher's say-so. */
  beyondAllowlist?: true;
}

export interface BuildCatalogOptions {
  overrides?: CatalogOverrides;
  /** The operations that become tools; Memos' 20 unless told. */
  allowlist?: readonly string[];
  /** Every operation of the document becomes a tool, not only the allowlist (`--all-operations`). */
  allOperations?: boolean;
  /**
   * Descriptions laid over the document's, keyed by operationId (`KIT_DESCRIPTIONS` for `--descriptions
   * kit`). Without it each tool's description is its operation's, word for word, as in Memos.
   */
  descriptions?: Readonly<Record<string, string>>;
}

/** A document that lacks operations of the allowlist: the catalog cannot be Memos'. */
export class MissingOperationsError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `the OpenAPI document lacks ${missing.length} of the operations Memos exposes as tools: ${missing.join(', ')}`,
    );
    this.name = 'MissingOperationsError';
  }
}

/** Memos' schema for a 200 response without a JSON body (its DELETE and Set* operations). */
const OK_SCHEMA = { type: 'object', properties: { ok: { type: 'boolean' } } } as const satisfies SchemaObject;

// #region build-catalog
/**
 * The operations of Memos' allowlist become one tool each, sorted by tool name (Memos' Go SDK lists tools
 * alphabetically); nothing here is written per tool. A document without one of them is refused, as Memos
 * refuses to start. With `allOperations` every operation of the document becomes a tool, and each one
 * outside the allowlist that is not a GET is marked destructive: the kit cannot tell a harmless write from
 * one that deletes a user or mints a token.
 */
export function buildCatalog(document: OpenAPIObject, options: BuildCatalogOptions = {}): CatalogEntry[] {
  const overrides = options.overrides ?? memosOverrides;
  const allowlist = new Set(options.allowlist ?? CURATED_OPERATION_IDS);
  const operations = contractOperations(document);
  const present = new Set(operations.map((found) => found.operationId));
  const missing = [...allowlist].filter((operationId) => !present.has(operationId));
  if (missing.length > 0) throw new MissingOperationsError(missing);
  const entries = operations
    .filter((found) => options.allOperations || allowlist.has(found.operationId))
    .map((found) => {
      const entry = buildEntry(document, found, overrides, overlaid(options.descriptions, found.operationId));
      if (allowlist.has(found.operationId)) return entry;
      entry.beyondAllowlist = true;
      if (entry.operation.method !== 'GET') entry.tool.annotations.destructiveHint = true;
      return entry;
    });
  checkCatalog(entries, overrides, options.descriptions);
  return entries.sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
}
// #endregion build-catalog

/** The overlay's text for an operation; an id such as `toString` must not find the object's prototype. */
function overlaid(
  descriptions: BuildCatalogOptions['descriptions'],
  operationId: string,
): string | undefined {
  return descriptions && Object.hasOwn(descriptions, operationId) ? descriptions[operationId] : undefined;
}

function checkCatalog(
  entries: CatalogEntry[],
  overrides: CatalogOverrides,
  descriptions: Readonly<Record<string, string>> = {},
): void {
  const byName = new Map<string, string>();
  for (const { tool, operation } of entries) {
    const other = byName.get(tool.name);
    if (other)
      throw new Error(`Tool name ${tool.name} comes from both ${other} and ${operation.operationId}`);
    byName.set(tool.name, operation.operationId);
  }
  const known = new Set(entries.map((entry) => entry.operation.operationId));
  for (const operationId of overriddenOperationIds(overrides)) {
    if (!known.has(operationId)) throw new Error(`Catalog override names unknown operation ${operationId}`);
  }
  for (const operationId of Object.keys(descriptions)) {
    if (!known.has(operationId))
      throw new Error(`Description overlay names unknown operation ${operationId}`);
  }
}

function buildEntry(
  document: OpenAPIObject,
  { path, method, operationId, operation, pathItem }: ContractOperation,
  overrides: CatalogOverrides,
  overlaid: string | undefined,
): CatalogEntry {
  const name = toolNameFromOperationId(operationId);
  const title = titleFromToolName(name);
  const parameters = mergeParameters(
    (pathItem.parameters ?? []).map((p) => resolveParameter(document, p)),
    (operation.parameters ?? []).map((p) => resolveParameter(document, p)),
  );
  const requestBody = operation.requestBody ? resolveRequestBody(document, operation.requestBody) : undefined;
  const { schema: inputSchema, body } = inputSchemaFor(
    document,
    parameters,
    requestBody,
    overrides.body[operationId],
  );

  const description = overlaid ?? operation.description;
  const tool: ToolDefinition = {
    name,
    title,
    ...(description === undefined ? {} : { description }),
    inputSchema,
    outputSchema: outputSchemaFor(document, operation),
    annotations: annotationsFor(title, method, operationId, overrides),
    _meta: { method: method.toUpperCase(), operationId, path },
  };
  return {
    tool,
    operation: {
      method: method.toUpperCase(),
      path,
      operationId,
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      body,
    },
  };
}

/** Operation-level parameters replace path-level ones with the same name and location. */
function mergeParameters(shared: ParameterObject[], own: ParameterObject[]): ParameterObject[] {
  const key = (p: ParameterObject) => `${p.in}:${p.name}`;
  const ownKeys = new Set(own.map(key));
  return [...shared.filter((p) => !ownKeys.has(key(p))), ...own];
}

function inputSchemaFor(
  document: OpenAPIObject,
  parameters: ParameterObject[],
  requestBody: RequestBodyObject | undefined,
  bodyOverride: BodyOverride | undefined,
): { schema: ToolDefinition['inputSchema']; body: ToolOperation['body'] } {
  const defs = new DefsCollector(document);
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    // Headers and cookies are the transport's business (Authorization travels with the MCP request).
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const property = parameter.schema ? defs.inline(parameter.schema) : {};
    if (parameter.description !== undefined) property.description = parameter.description;
    properties[parameter.name] = property;
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
  }

  let body: ToolOperation['body'] = 'none';
  const bodySchema = requestBody?.content?.['application/json']?.schema;
  if (requestBody && bodySchema) {
    properties.body = applyBodyOverride(defs.inline(bodySchema), bodyOverride);
    body = requestBody.required ? 'required' : 'optional';
    if (requestBody.required) required.push('body');
  }

  const schema: ToolDefinition['inputSchema'] = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  const collected = defs.toObject();
  if (collected) schema.$defs = collected;
  return { schema, body };
}

function applyBodyOverride(schema: JsonObject, override: BodyOverride | undefined): JsonObject {
  if (!override) return schema;
  const result: JsonObject = { ...schema };
  if (override.required === null) delete result.required;
  else if (override.required) result.required = [...override.required];
  if (override.dropProperties && isObject(result.properties)) {
    const properties = { ...result.properties };
    for (const name of override.dropProperties) delete properties[name];
    result.properties = properties;
  }
  if (override.minProperties !== undefined) result.minProperties = override.minProperties;
  return result;
}

function outputSchemaFor(
  document: OpenAPIObject,
  operation: OperationObject,
): ToolDefinition['outputSchema'] {
  const response = operation.responses?.['200'];
  const schema = response
    ? resolveResponse(document, response).content?.['application/json']?.schema
    : undefined;
  if (!schema) return structuredClone(OK_SCHEMA);
  const defs = new DefsCollector(document);
  const output = defs.inline(schema) as ToolDefinition['outputSchema'];
  const collected = defs.toObject();
  if (collected) output.$defs = collected;
  return output;
}

/** The tools beyond Memos' allowlist (only with `allOperations`), and whether each may destroy data. */
export function toolsBeyondAllowlist(catalog: CatalogEntry[]): { name: string; destructive: boolean }[] {
  return catalog
    .filter((entry) => entry.beyondAllowlist)
    .map(({ tool }) => ({ name: tool.name, destructive: tool.annotations.destructiveHint }));
}
