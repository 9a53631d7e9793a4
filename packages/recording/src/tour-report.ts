// The shape of `pnpm demo --json`'s report, written once: the tour writes it, `pnpm replay` reads it. This
// zod schema is the source. The tour's types are inferred from it (`z.infer`), the replay checks a report
// with it, and schema/tour-report.schema.json, the JSON Schema an editor or the docs site reads, is made from
// it by `z.toJSONSchema` (`pnpm --filter @memos-kit/recording write-schema`; a test keeps the file equal).
// It lives here, not in the tour, because the tour depends on this package (its --replay starts ours).
import { z } from 'zod';

const milliseconds = z.number().min(0).meta({ id: 'milliseconds' });

const headers = z.array(z.tuple([z.string().min(1), z.string()])).meta({
  id: 'headers',
  description: 'Header lines in wire order, names as spelled on the wire.',
});

const difference = z
  .strictObject({
    where: z.enum(['status', 'header', 'body', 'event']),
    path: z.string(),
    kind: z.enum(['changed', 'missing', 'unexpected', 'type', 'length']),
    expected: z.unknown().optional(),
    actual: z.unknown().optional(),
  })
  .meta({ id: 'difference' });

/** What every exchange says of itself: what it was compared with, and whether it matched. */
const verdict = {
  fixture: z.string().nullable().meta({
    description:
      "The fixture id (fixtures/manifest.json); null for the kit's own exchange, checked against a rule.",
  }),
  against: z.string().min(1),
  mode: z.enum(['exact', 'abridged', 'rule']),
  matches: z.boolean(),
  differences: z.array(difference),
};

/** A match has no differences, and a mismatch at least one. */
const matchesIffNoDifferences = (exchange: { matches: boolean; differences: unknown[] }) =>
  exchange.matches === (exchange.differences.length === 0);
const MATCHES_IFF_NO_DIFFERENCES = 'matches is true exactly when differences is empty';

const sseEvent = z.strictObject({
  event: z.string().optional(),
  id: z.string().optional(),
  data: z.string(),
  elapsedMs: milliseconds,
});

const httpRequest = z.strictObject({
  method: z.string().regex(/^[A-Z]+$/),
  target: z.string().regex(/^\//),
  headers,
  body: z.string(),
});

const httpResponse = z.strictObject({
  status: z.int().min(100).max(599),
  reason: z.string(),
  headers,
  body: z.string(),
  events: z.array(sseEvent).optional().meta({
    description:
      'Only for text/event-stream: each SSE event with the time it was complete, from sending the request.',
  }),
  headersMs: milliseconds,
  endMs: milliseconds,
});

const httpExchange = z
  .strictObject({
    ...verdict,
    transport: z.enum(['http', 'sse']),
    server: z.strictObject({
      url: z.string().regex(/^http:\/\/127\.0\.0\.1:\d+$/),
      dataset: z.string().min(1),
    }),
    request: httpRequest,
    response: httpResponse,
  })
  .refine(matchesIffNoDifferences, MATCHES_IFF_NO_DIFFERENCES)
  .meta({ id: 'httpExchange' });

/** One line, no newline in it: what a stdio message is. */
const line = z.string().regex(/^[^\n]*$/);

const stdioExchange = z
  .strictObject({
    ...verdict,
    transport: z.literal('stdio'),
    command: z.array(z.string()).min(1),
    pid: z.int().min(1),
    request: z.strictObject({ line }),
    response: z.strictObject({ line, stderr: z.string(), elapsedMs: milliseconds }),
  })
  .refine(matchesIffNoDifferences, MATCHES_IFF_NO_DIFFERENCES)
  .meta({ id: 'stdioExchange' });

const section = z.strictObject({
  number: z.string().regex(/^\d+(\.\d+)*$/),
  title: z.string().min(1),
});

const step = z
  .strictObject({
    number: z.int().min(1),
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    section,
    exchanges: z.array(z.union([httpExchange, stdioExchange])).min(1),
    matches: z.boolean(),
  })
  .meta({ id: 'step' });

export const tourReportSchema = z
  .strictObject({
    $schema: z
      .string()
      .regex(/^[a-z][a-z0-9+.-]*:.*tour-report\.schema\.json$/)
      .meta({
        description:
          'This schema, as a file: URL in the kit that wrote the report (the docs site publishes the same file at /schema/tour-report.schema.json).',
      }),
    kit: z.literal('memos-mcp-rest-kit'),
    protocolVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    lang: z.enum(['zh', 'en']),
    pace: z.enum(['article', 'fast']),
    steps: z.array(step),
    matches: z.boolean().meta({ description: 'True when every step matches.' }),
  })
  .meta({
    title: 'Tour report',
    description:
      "What `pnpm demo --json` prints: every exchange of the guided tour, as sent and as received, and whether it matches the article's fixture.",
  });

export type TourReport = z.infer<typeof tourReportSchema>;
export type StepRecord = z.infer<typeof step>;
export type HttpExchangeRecord = z.infer<typeof httpExchange>;
export type StdioExchangeRecord = z.infer<typeof stdioExchange>;
export type ExchangeRecord = HttpExchangeRecord | StdioExchangeRecord;
export type HttpRequestRecord = z.infer<typeof httpRequest>;
export type HttpResponseRecord = z.infer<typeof httpResponse>;
export type SseEventRecord = z.infer<typeof sseEvent>;

/** The file the JSON Schema is written to, and what a report's `$schema` names. */
export const tourReportSchemaUrl = new URL('../schema/tour-report.schema.json', import.meta.url);

/**
 * The JSON Schema (2020-12) of the report, made from the zod schema. JSON Schema has no word for the one rule
 * zod checks by code (a match has no differences, a mismatch some), so it is written here as if/then/else.
 */
export function tourReportJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(tourReportSchema, {
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema === httpExchange || zodSchema === stdioExchange) {
        Object.assign(jsonSchema, {
          if: { properties: { matches: { const: true } } },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise.
          then: { properties: { differences: { maxItems: 0 } } },
          else: { properties: { differences: { minItems: 1 } } },
        });
      }
    },
  });
  const { $schema, ...rest } = generated;
  return { $schema, $id: 'tour-report.schema.json', ...rest };
}
