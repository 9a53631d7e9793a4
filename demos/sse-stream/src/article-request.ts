import { type Fixture, getHeader, loadFixture } from '@memos-kit/wire';

/** Headers that fetch sets on its own and will not take from us. */
const SET_BY_FETCH = new Set(['host', 'content-length', 'connection']);

export interface ArticleRequest {
  fixture: Fixture;
  method: string;
  path: string;
  /** The article's headers minus the ones fetch owns, in the article's order. */
  headers: Array<[string, string]>;
  /** What the article sent as Host: fetch will send the real host and port instead. */
  articleHost: string | undefined;
  body: string;
  jsonrpcId: number | string;
  progressToken: string | number | undefined;
}

/** The article's `tools/call` id 6 with a progressToken, read from the fixture, never retyped. */
export function loadArticleRequest(fixtureId = 'sse-progress'): ArticleRequest {
  const fixture = loadFixture(fixtureId);
  const request = fixture.request;
  if (!request?.method || !request.target) throw new Error(`Fixture "${fixtureId}" holds no HTTP request`);
  const message = JSON.parse(request.body) as {
    id: number | string;
    params?: { _meta?: { progressToken?: string | number } };
  };
  return {
    fixture,
    method: request.method,
    path: request.target,
    headers: request.headers.filter(([name]) => !SET_BY_FETCH.has(name.toLowerCase())),
    articleHost: getHeader(request.headers, 'host'),
    body: request.body,
    jsonrpcId: message.id,
    progressToken: message.params?._meta?.progressToken,
  };
}
