import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonObject } from '../catalog/json.ts';

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * A JSON Schema 2020-12 validator that knows the protobuf formats in Memos' document. int32 is checked,
 * because an out-of-range page size deserves a clear answer; the others only describe the value. Clients
 * in the tests use it too, so the SDK's default validator does not warn about `format: "enum"`.
 */
export function createMemosAjv(options: { allErrors?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: options.allErrors ?? true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value >= INT32.min && value <= INT32.max,
  });
  for (const format of ['enum', 'int64', 'uint32', 'uint64', 'field-mask', 'bytes', 'double', 'float']) {
    ajv.addFormat(format, true);
  }
  return ajv;
}

/**
 * Validates tool arguments against the tool's input schema (JSON Schema 2020-12, as MCP requires) and
 * explains the first problem in words an agent can act on, in the spirit of Memos' own messages:
 * `unknown argument "foo"`, `missing required argument "body.content"`, `argument "pageSize" must be integer`.
 */
export class ArgumentValidator {
  // Made at the first call, not at start-up: setting up Ajv (its meta-schemas, the formats) is a good part
  // of a server's start, and `server/discover` or `tools/list` never needs it.
  private ajv: Ajv2020 | undefined;
  private readonly compiled = new Map<string, ValidateFunction>();

  /** Returns undefined when the arguments are valid, otherwise one sentence saying what is wrong. */
  check(toolName: string, schema: JsonObject, args: unknown): string | undefined {
    let validate = this.compiled.get(toolName);
    if (!validate) {
      this.ajv ??= createMemosAjv({ allErrors: false });
      validate = this.ajv.compile(schema);
      this.compiled.set(toolName, validate);
    }
    if (validate(args)) return undefined;
    const first = validate.errors?.[0];
    return first ? describe(first) : 'the arguments do not match the input schema';
  }
}

function describe(error: ErrorObject): string {
  const at = argumentPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown argument "${join(at, String(params.additionalProperty))}"`;
    case 'required':
      return `missing required argument "${join(at, String(params.missingProperty))}"`;
    case 'type':
      return at
        ? `argument "${at}" must be ${String(params.type)}`
        : `arguments must be ${String(params.type)}`;
    case 'enum':
      return `argument "${at}" must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format':
      return params.format === 'int32'
        ? `argument "${at}" must be a 32-bit integer`
        : `argument "${at}" must be a valid ${String(params.format)}`;
    case 'minProperties':
      return `argument "${at}" must set at least ${String(params.limit)} field(s)`;
    default:
      return at
        ? `argument "${at}" ${error.message ?? 'is invalid'}`
        : `arguments ${error.message ?? 'are invalid'}`;
  }
}

/** `/body/attachments/0/filename` -> `body.attachments[0].filename` */
function argumentPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : join(path, segment)), '');
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
