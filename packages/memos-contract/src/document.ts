// The kit's contract is a data file, openapi.yaml, in the format Memos itself publishes. This module reads
// it (and any other OpenAPI 3.0/3.1 document a server or a file offers) into openapi3-ts's typed model.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenAPIObject } from 'openapi3-ts/oas31';

const CONTRACT_FILE = new URL('../openapi.yaml', import.meta.url);
/**
 * Reading the 40 KB contract as YAML takes a YAML parser a fifth of a second; as JSON it takes half a
 * millisecond. Every `pnpm serve`, every REST mock and every test process reads it, so its JSON form is kept
 * here, outside git and wiped with node_modules, named by the hash of the YAML it came from: an edited
 * contract has a new name, and the YAML stays the one source.
 */
const CACHE_DIR = new URL('../node_modules/.cache/memos-contract/', import.meta.url);

/**
 * Reads an OpenAPI 3.0 or 3.1 document written as YAML or JSON. A 3.0 document is read with the 3.1 model:
 * paths, parameters, bodies, responses and component schemas, all the kit reads, have the same shape.
 * `source` names the text in the error (a file name or a URL).
 */
export function parseContract(text: string, source = 'the OpenAPI document'): OpenAPIObject {
  let value: unknown;
  try {
    value = readJsonOrYaml(text);
  } catch (error) {
    throw new Error(
      `${source} is neither JSON nor YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isRecord(value) || typeof value.openapi !== 'string') {
    throw new Error(`${source} is not an OpenAPI document: it has no "openapi" version`);
  }
  if (!/^3\.[01]\.\d+$/.test(value.openapi)) {
    throw new Error(`${source} is OpenAPI ${value.openapi}; the kit reads OpenAPI 3.0 and 3.1`);
  }
  if (!isOpenApiObject(value)) {
    throw new Error(
      `${source} is not an OpenAPI document: it needs "info" (with a title and a version) and "paths"`,
    );
  }
  return value;
}

let contract: OpenAPIObject | undefined;

/**
 * The kit's contract, the 20 Memos v0.30.0 operations behind its MCP catalog. Read and parsed on first use
 * and shared afterwards; it is frozen, because the REST mock, its checks and the MCP catalog all read this
 * one object and none of them may change what the others see.
 */
export function contractDocument(): OpenAPIObject {
  contract ??= deepFreeze(readShippedContract());
  return contract;
}

function readShippedContract(): OpenAPIObject {
  const yaml = readFileSync(CONTRACT_FILE, 'utf8');
  const cached = new URL(
    `openapi.${createHash('sha256').update(yaml).digest('hex').slice(0, 16)}.json`,
    CACHE_DIR,
  );
  try {
    return parseContract(readFileSync(cached, 'utf8'), 'memos-contract/openapi.yaml (cached as JSON)');
  } catch {
    // Not cached yet, or the cache is unreadable: the YAML is read, and the cache written for next time.
  }
  const document = parseContract(yaml, 'memos-contract/openapi.yaml');
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written under a name of its own and renamed, so a process starting meanwhile reads all or nothing.
    const temporary = new URL(`${cached.pathname.split('/').pop()}.${process.pid}.tmp`, CACHE_DIR);
    writeFileSync(temporary, JSON.stringify(document));
    renameSync(temporary, cached);
  } catch {
    // A read-only checkout: every start reads the YAML, as it did before the cache.
  }
  return document;
}

function readJsonOrYaml(text: string): unknown {
  if (text.trimStart().startsWith('{')) {
    // JSON is YAML too, but JSON.parse reads a large generated document many times faster.
    try {
      return JSON.parse(text);
    } catch {
      // A YAML flow mapping also starts with "{": the YAML parser below reads it.
    }
  }
  return yamlParser()(text);
}

type YamlParse = typeof import('yaml').parse;
let parseYaml: YamlParse | undefined;
/** The YAML parser, loaded on first use: with the contract cached as JSON, a start needs none. */
function yamlParser(): YamlParse {
  parseYaml ??= (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse;
  return parseYaml;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOpenApiObject(value: Record<string, unknown>): value is Record<string, unknown> & OpenAPIObject {
  return (
    typeof value.openapi === 'string' &&
    isRecord(value.info) &&
    typeof value.info.title === 'string' &&
    typeof value.info.version === 'string' &&
    isRecord(value.paths)
  );
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) deepFreeze(child);
  }
  return Object.freeze(value);
}
