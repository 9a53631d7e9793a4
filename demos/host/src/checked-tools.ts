// The host's own check of the model's arguments, before anything is sent to the server. The AI SDK runs a
// tool's `inputSchema.validate` on every tool call; the schemas @ai-sdk/mcp builds from tools/list carry
// none, so this host adds one (JSON Schema 2020-12, as MCP specifies) through the library's `jsonSchema()`.

import { asSchema, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

export type ArgumentCheck =
  | { tool: string; input: unknown; ok: true }
  | { tool: string; input: unknown; ok: false; problems: string[] };

// Formats stay unchecked: protobuf names like `int32` or `field-mask` mean something to the server, which
// checks them itself; the host checks shape and types, which any JSON Schema validator knows.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });

/** `/body/content` → `body.content`; the top level is `(arguments)`. */
function describe(error: ErrorObject): string {
  const at = error.instancePath.split('/').slice(1).join('.') || '(arguments)';
  const params = error.params as Record<string, unknown>;
  // ajv names a missing property in its message, but not an extra one.
  const extra = params.additionalProperty === undefined ? '' : ` (${String(params.additionalProperty)})`;
  return `${at}: ${error.message ?? 'is invalid'}${extra}`;
}

// #region argument-check
/** The same tools, each with a validator on its input schema that reports what it found. */
export async function withArgumentChecks(
  tools: ToolSet,
  report: (check: ArgumentCheck) => void,
): Promise<ToolSet> {
  const checked: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const schema: JSONSchema7 = await asSchema(tool.inputSchema).jsonSchema;
    // Compiled when the model first calls the tool: most of the twenty are never called in a run, and
    // compiling them all up front would be a sixth of the demo's start.
    let validate: ValidateFunction | undefined;
    checked[name] = {
      ...tool,
      inputSchema: jsonSchema(schema, {
        validate: (value) => {
          validate ??= ajv.compile(schema);
          if (validate(value)) {
            report({ tool: name, input: value, ok: true });
            return { success: true, value };
          }
          const problems = (validate.errors ?? []).map(describe);
          report({ tool: name, input: value, ok: false, problems });
          return { success: false, error: new Error(problems.join('; ')) };
        },
      }),
    };
  }
  return checked;
}
// #endregion argument-check
