// `pnpm serve --auth oauth` as a user starts it: the entry in a process of its own, its banner, the whole
// headless flow against it, and SIGTERM stopping the authorization server with the adapter.
import { TEACHING_PASSWORD } from '@memos-kit/auth-server';
import { portIsClosed, type RunningEntry, startEntry } from '@memos-kit/process';
import { type OptionValues, parseCommand, UsageError } from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { cliOptions, serveCommand } from '../src/cli-options.ts';
import { connectWithOAuth, learner } from './support/oauth-client.ts';

const CLI = new URL('../src/cli.ts', import.meta.url);
let child: RunningEntry | undefined;
afterEach(async () => {
  await child?.stop();
  child = undefined;
});

function read(argv: string[]) {
  const outcome = parseCommand(serveCommand, [...argv, '--lang', 'en'], {
    env: {},
    stdout: { isTTY: false },
  });
  if (outcome.kind !== 'run') throw new Error(outcome.kind);
  return cliOptions(outcome.values as OptionValues<typeof serveCommand.options>, 'en', {});
}

describe('pnpm serve --auth', () => {
  it('is memos by default, and oauth only on loopback, with its own port', () => {
    expect(read([]).oauth).toBeUndefined();
    expect(read(['--auth', 'oauth']).oauth).toEqual({ port: 5231 });
    expect(read(['--auth', 'oauth', '--auth-port', '0']).oauth).toEqual({ port: 0 });
    expect(() => read(['--auth', 'basic'])).toThrow(UsageError);
    expect(() => read(['--auth-port', '5300'])).toThrow(/--auth-port goes with --auth oauth/);
    expect(() => read(['--auth-resource', 'http://127.0.0.1:5240/mcp'])).toThrow(
      /--auth-resource goes with --auth oauth/,
    );
    expect(() => read(['--auth', 'oauth', '--host', '0.0.0.0'])).toThrow(/runs on this machine only/);
    expect(() => read(['--auth', 'oauth', '--port', '0', '--record', 'x.jsonl'])).toThrow(
      /--port other than 0/,
    );
    expect(() => read(['--auth', 'oauth', '--public-url', 'https://memos.school.edu'])).toThrow(
      /runs on this machine only/,
    );
  });

  it('takes other MCP servers for the AS by their canonical URI: loopback http or https', () => {
    const lab = 'http://127.0.0.1:5240/mcp';
    const remote = 'https://mcp.school.edu/mcp';
    expect(read(['--auth', 'oauth', '--auth-resource', lab, '--auth-resource', remote]).oauth).toEqual({
      port: 5231,
      otherResources: [lab, remote],
    });
    expect(
      read(['--auth', 'oauth', '--auth-resource', 'http://[::1]:5240/mcp']).oauth?.otherResources,
    ).toEqual(['http://[::1]:5240/mcp']);
    for (const wrong of [
      'http://192.168.1.20:5240/mcp', // a token in the clear across a network
      'http://127.0.0.1:5240/mcp/', // not the form a verifier compares byte for byte
      'http://127.0.0.1:5240/mcp#x',
      '127.0.0.1:5240/mcp',
      'ftp://127.0.0.1/mcp',
    ])
      expect(() => read(['--auth', 'oauth', '--auth-resource', wrong]), wrong).toThrow(
        /--auth-resource takes another MCP server's full URL/,
      );
  });

  it('starts the AS beside the adapter, lets the SDK client through, and stops both on SIGTERM', async () => {
    const lab = 'http://127.0.0.1:5240/mcp';
    child = startEntry(CLI, {
      args: ['--auth', 'oauth', '--port', '0', '--auth-port', '0', '--auth-resource', lab, '--lang', 'en'],
    });
    const banner = await child.waitFor(/never the token the caller sent to \/mcp/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1] ?? '';
    const issuer =
      /OAuth +(http:\/\/127\.0\.0\.1:\d+) +\(the authorization server, its issuer\)/.exec(banner)?.[1] ?? '';
    expect(issuer).not.toBe('');
    // The notes after the banner wrap to the width (100 columns when piped).
    const notes = banner.replace(/\s+/g, ' ');
    expect(notes).toContain(`resource ${url}/mcp`);
    expect(notes).toContain(`metadata at ${url}/.well-known/oauth-protected-resource/mcp`);
    expect(notes).toContain(`also issues tokens for these MCP servers (--auth-resource): ${lab}`);
    expect(notes).toMatch(
      new RegExp(`demo, alice, bob, meimei; each one's teaching password is ${TEACHING_PASSWORD}`),
    );
    expect(banner).toMatch(/REST tokens .*\/mcp refuses them/);

    const provider = learner('bob', TEACHING_PASSWORD);
    const { client } = await connectWithOAuth(new URL(`${url}/mcp`), provider, 'cli-test');
    expect(provider.authorizationRequests[0]?.origin).toBe(issuer);
    const result = await client.callTool({
      name: 'memo_get_memo',
      arguments: { memo: 'memos/bob-private-todo' },
    });
    // meimei's private diary: the adapter called REST as meimei, with the credential it holds for her.
    expect(JSON.stringify(result.content)).toContain('bob-private-todo');
    expect(result.isError).toBeFalsy();
    await client.close();

    const exit = await child.stop({ signal: 'SIGTERM', graceMs: 10_000 });
    expect(exit.code).toBe(143);
    expect(await portIsClosed(Number(new URL(issuer).port))).toBe(true);
  }, 60_000);
});
