// The playground's logic without a browser: presets made from the fixtures through the docs' data loader,
// the mirror headers following the body, the JSON/SSE switch, what fetch is given, and the command's catalog.
import { catalogProblems } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import fixtures, { type FixturesData } from '../.vitepress/theme/fixtures.data.ts';
import {
  clone,
  followBody,
  headerValue,
  modeOf,
  playgroundTarget,
  presetsFor,
  reindented,
  requestInit,
  serverFromQuery,
  setMode,
  tokenFromQuery,
  withToken,
} from '../.vitepress/theme/playground.ts';
import { playgroundWords } from '../cli/messages.ts';

const data: FixturesData = fixtures.load([]);

describe('the presets', () => {
  it('are the HTTP fixtures the server answers, REST on one side and MCP on the other', () => {
    expect(presetsFor('rest', data.exchanges, data.order).map((preset) => preset.id)).toEqual([
      'rest-list-memos',
    ]);
    // Every other HTTP fixture but the HATEOAS order (another server's), in order, with the kit's variant
    // right after the call it is made from.
    const mcp = data.order.filter(
      (id) =>
        !['rest-list-memos', 'hateoas-order'].includes(id) && data.exchanges[id]?.entry.transport !== 'stdio',
    );
    expect(mcp).toContain('sse-progress');
    expect(presetsFor('mcp', data.exchanges, data.order).map((preset) => preset.id)).toEqual(
      mcp.flatMap((id) => (id === 'mcp-tools-call' ? [id, `${id}:mismatch`] : [id])),
    );
  });

  it("carry the fixture's request line, headers and body bytes", () => {
    const rest = presetsFor('rest', data.exchanges, data.order)[0];
    expect(rest?.draft.method).toBe('GET');
    expect(rest?.draft.path).toBe('/api/v1/memos?pageSize=1&filter=visibility+%21%3D+%22PRIVATE%22');
    // Host is the browser's to write: shown, unticked.
    expect(rest?.draft.headers.find((row) => row.name === 'Host')?.on).toBe(false);
    const sse = presetsFor('mcp', data.exchanges, data.order).find((preset) => preset.id === 'sse-progress');
    const segments = data.exchanges['sse-progress']?.request?.body ?? [];
    expect(sse?.draft.body).toBe(segments.map((segment) => segment.text).join(''));
    // A bare JSON request gets the head the kit derives for it.
    const ordered = presetsFor('mcp', data.exchanges, data.order).find(
      (preset) => preset.id === 'tools-call-ordered',
    );
    expect(ordered?.draft.method).toBe('POST');
    expect(ordered && headerValue(ordered.draft, 'Mcp-Name')).toBe('memo_list_memos');
  });

  it('include a mismatch variant whose Mcp-Name disagrees with its body, until it follows the body again', () => {
    const variant = presetsFor('mcp', data.exchanges, data.order).find((preset) =>
      preset.id.endsWith(':mismatch'),
    );
    expect(variant?.follow).toBe(false);
    const draft = clone(variant?.draft ?? { method: '', path: '', headers: [], body: '' });
    expect(headerValue(draft, 'Mcp-Name')).toBe('memo_get_memo');
    followBody(draft);
    expect(headerValue(draft, 'Mcp-Name')).toBe('memo_list_memos');
    expect(headerValue(draft, 'Mcp-Method')).toBe('tools/call');
  });
});

describe('a draft', () => {
  const base = () =>
    clone(
      presetsFor('mcp', data.exchanges, data.order)[0]?.draft ?? {
        method: '',
        path: '',
        headers: [],
        body: '',
      },
    );

  it('follows a body that changes method: Mcp-Name goes when the new method has no name', () => {
    const draft = base();
    draft.body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    followBody(draft);
    expect(headerValue(draft, 'Mcp-Method')).toBe('tools/list');
    expect(headerValue(draft, 'Mcp-Name')).toBeUndefined();
    draft.body = '{ not json';
    followBody(draft);
    expect(headerValue(draft, 'Mcp-Method')).toBe('tools/list');
  });

  it('switches between JSON and SSE by Accept and the progress token', () => {
    const draft = base();
    expect(modeOf(draft)).toBe('json');
    setMode(draft, 'sse');
    expect(modeOf(draft)).toBe('sse');
    expect(headerValue(draft, 'Accept')).toBe('application/json, text/event-stream');
    expect(JSON.parse(draft.body).params._meta.progressToken).toBe('list-demo-6');
    setMode(draft, 'json');
    expect(modeOf(draft)).toBe('json');
    expect(headerValue(draft, 'Accept')).toBe('application/json');
    expect(draft.body).not.toContain('progressToken');
  });

  it('is sent without the headers a page may not set, nor unticked ones, and a GET without a body', () => {
    const draft = base();
    draft.headers.push({ name: 'X-Off', value: '1', on: false });
    const init = requestInit(draft);
    const sent = [...new Headers(init.headers).keys()];
    expect(sent).not.toContain('host');
    expect(sent).not.toContain('x-off');
    expect(sent).toContain('mcp-method');
    expect(init.body).toBe(draft.body);
    expect(requestInit({ ...draft, method: 'GET' }).body).toBeUndefined();
  });

  it('goes to the server named by ?server= when it is an http URL, else to the default', () => {
    expect(serverFromQuery('?server=http://127.0.0.1:4321/')).toBe('http://127.0.0.1:4321');
    expect(serverFromQuery('?server=javascript:alert(1)')).toBe('http://127.0.0.1:5230');
    expect(serverFromQuery('')).toBe('http://127.0.0.1:5230');
  });

  it("signs every preset in with ?token= (a class server's slip), and takes nothing but a token from it", () => {
    const token = tokenFromQuery('?server=http://192.0.2.10:5230&token=s07-abcdefghjk');
    expect(token).toBe('s07-abcdefghjk');
    expect(tokenFromQuery('?token=a%0D%0AX-Evil:%201')).toBeUndefined();
    for (const kind of ['rest', 'mcp'] as const) {
      const preset = presetsFor(kind, data.exchanges, data.order).find((p) =>
        headerValue(p.draft, 'Authorization'),
      );
      if (!preset) throw new Error(`no ${kind} preset signs in`);
      expect(headerValue(withToken(clone(preset.draft), token), 'Authorization')).toBe(
        'Bearer s07-abcdefghjk',
      );
      expect(headerValue(withToken(clone(preset.draft), undefined), 'Authorization')).toBe(
        headerValue(preset.draft, 'Authorization'),
      );
    }
  });

  it("keeps the link's server and token for the tab, so a later visit without a query still uses them", () => {
    const tab = new Map<string, string>();
    const storage = {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => void tab.set(key, value),
    };
    const slip = { server: 'http://192.0.2.10:5230', token: 's07-abcdefghjk' };
    expect(playgroundTarget('', storage)).toEqual({ server: 'http://127.0.0.1:5230', token: undefined });
    expect(playgroundTarget(`?server=${slip.server}&token=${slip.token}`, storage)).toEqual(slip);
    expect(playgroundTarget('', storage)).toEqual(slip);
    // A link naming another server replaces what was kept, token and all.
    expect(playgroundTarget('?server=http://127.0.0.1:4321', storage)).toEqual({
      server: 'http://127.0.0.1:4321',
      token: undefined,
    });
    expect(playgroundTarget('', storage)).toEqual({ server: 'http://127.0.0.1:4321', token: undefined });
    // What was kept passes the query's checks again: nothing but a token reaches a header.
    tab.set([...tab.keys()][0] ?? '', 'server=javascript:alert(1)&token=a%0D%0AX-Evil:%201');
    expect(playgroundTarget('', storage)).toEqual({ server: 'http://127.0.0.1:5230', token: undefined });
    // No storage, or storage that refuses: the link alone counts.
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(playgroundTarget(`?server=${slip.server}&token=${slip.token}`, refusing)).toEqual(slip);
    expect(playgroundTarget('', refusing)).toEqual({ server: 'http://127.0.0.1:5230', token: undefined });
    expect(playgroundTarget('', undefined)).toEqual({ server: 'http://127.0.0.1:5230', token: undefined });
  });
});

describe('an answer', () => {
  it('is re-indented for reading when it is JSON, two spaces a level, and left alone when it is not', () => {
    expect(reindented('{"memos":[],"nextPageToken":""}')).toBe('{\n  "memos": [],\n  "nextPageToken": ""\n}');
    expect(reindented('event: message\ndata: {}\n\n')).toBeNull();
    expect(reindented('')).toBeNull();
  });
});

describe('pnpm playground', () => {
  it('has every sentence in both languages, with the same placeholders', () => {
    expect(catalogProblems(playgroundWords.catalogs)).toEqual([]);
  });
});
