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
   * Descriptions laid over the document's (`KIT_DESCRIPTIONS` for `--descriptions kit`). Without it each
   * tool's description, and each parameter's, is the document's, word for word, as in Memos.
   */
  descriptions?: DescriptionOverlay;
}

/**
 * Text laid over a document's descriptions, keyed by operationId: a tool's own description, and those of its
 * path and query parameters, the properties of its inputSchema (by parameter name). Whatever it does not
 * name keeps the document's text.
 */
export interface DescriptionOverlay {
  operations?: Readonly<Record<string, string>>;
  parameters?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** One operation's share of an overlay. */
interface OverlaidText {
  description?: string;
  parameters: Readonly<Record<string, string>>;
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
      const entry = buildEntry(
        document,
        found,
        overrides,
        overlaidText(options.descriptions, found.operationId),
      );
      if (allowlist.has(found.operationId)) return entry;
      entry.beyondAllowlist = true;
      if (entry.operation.method !== 'GET') entry.tool.annotations.destructiveHint = true;
      return entry;
    });
  checkCatalog(entries, overrides, options.descriptions);
  return entries.sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
}
// #endregion build-catalog

function overlaidText(overlay: DescriptionOverlay | undefined, operationId: string): OverlaidText {
  const description = own(overlay?.operations, operationId);
  return {
    ...(description === undefined ? {} : { description }),
    parameters: own(overlay?.parameters, operationId) ?? {},
  };
}

/** A record's own entry: an operationId or a parameter named `toString` must not find the prototype's. */
function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

function checkCatalog(
  entries: CatalogEntry[],
  overrides: CatalogOverrides,
  overlay: DescriptionOverlay = {},
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
  for (const operationId of Object.keys(overlay.operations ?? {})) {
    if (!known.has(operationId))
      throw new Error(`Description overlay names unknown operation ${operationId}`);
  }
  for (const [operationId, parameters] of Object.entries(overlay.parameters ?? {})) {
    const operation = entries.find((entry) => entry.operation.operationId === operationId)?.operation;
    if (!operation) throw new Error(`Description overlay names unknown operation ${operationId}`);
    const declared = new Set([...operation.pathParams, ...operation.queryParams]);
    for (const name of Object.keys(parameters)) {
      if (!declared.has(name))
        throw new Error(`Description overlay names unknown parameter ${name} of ${operationId}`);
    }
  }
}

function buildEntry(
  document: OpenAPIObject,
  { path, method, operationId, operation, pathItem }: ContractOperation,
  overrides: CatalogOverrides,
  overlaid: OverlaidText,
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
    overlaid.parameters,
  );

  const description = overlaid.description ?? operation.description;
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
  parameterText: Readonly<Record<string, string>>,
): { schema: ToolDefinition['inputSchema']; body: ToolOperation['body'] } {
  const defs = new DefsCollector(document);
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    // Headers and cookies are the transport's business (Authorization travels with the MCP request).
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const property = parameter.schema ? defs.inline(parameter.schema) : {};
    const description = own(parameterText, parameter.name) ?? parameter.description;
    if (description !== undefined) property.description = description;
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
