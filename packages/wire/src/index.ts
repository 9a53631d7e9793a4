export { compareJson, type Difference, type DifferenceKind } from './compare.ts';
export {
  type Bilingual,
  type CompareMode,
  type Fixture,
  type FixtureEntry,
  type FixtureManifest,
  fixturesDir,
  loadFixture,
  loadManifest,
  type Transport,
} from './fixtures.ts';
export { expectMatch, formatDifferences } from './format-differences.ts';
export {
  formatHttpMessage,
  getHeader,
  type HttpHeaders,
  type HttpMessage,
  HttpMessageError,
  headerPairs,
  parseHttpMessage,
  tryParseJson,
} from './http-message.ts';
export { isObject } from './is-object.ts';
export {
  BUSINESS_SLOTS,
  isJsonRpcText,
  type JsonPath,
  type JsonToken,
  type Layer,
  layerOf,
  type TokenizeOptions,
  tokenizeJson,
} from './layers.ts';
export { type LiveResponse, type MatchResult, matchResponse } from './match.ts';
export {
  type RawHead,
  type RawHttpOptions,
  type RawRequest,
  type RawResponse,
  rawHttp,
  type TimedSseEvent,
} from './raw-http.ts';
export { type ReplayedResponse, type ReplayOptions, replayHttpFixture, sendHttpMessage } from './replay.ts';
export { validateMcpMessage } from './validate-mcp.ts';
