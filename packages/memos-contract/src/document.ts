// The kit's contract is a data file, openapi.yaml, in the format Memos itself publishes. This module reads
// it (and any other OpenAPI 3.0/3.1 document a server or a file offers) into openapi3-ts's typed model.
import { readFileSync } from 'node:fs';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { parse } from 'yaml';

const CONTRACT_FILE = new URL('../openapi.yaml', import.meta.url);

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
  contract ??= deepFreeze(parseContract(readFileSync(CONTRACT_FILE, 'utf8'), 'memos-contract/openapi.yaml'));
  return contract;
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
  return parse(text);
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
