import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@memos-kit/memos-mcp';
import { startClassServer } from '@memos-kit/memos-mcp/class';
import { listen, runEntry } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsDir, loadLabs } from '../src/catalog.ts';
import {
  atLeast,
  HELP_ANCHORS,
  missingPackages,
  nodeItem,
  pnpmItem,
  portItem,
  starterItems,
} from '../src/preflight-checks.ts';
import { makeWorkdir, type Workdir } from './support/workdir.ts';

const CLI = join(labsDir, 'src', 'preflight.ts');
const PNPM_AGENT = 'pnpm/12.4.2 npm/? node/v24.22.3 linux x64';
/** The oldest Node the kit supports, `22.19` from the root package.json's `engines` (`>=22.19`). */
const MINIMUM = (
  JSON.parse(readFileSync(join(labsDir, '..', 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node.replace(/^>=\s*/, '');
const [major = 0, minor = 0] = MINIMUM.split('.').map(Number);
/** The oldest version the kit supports, and one just below it. */
const OLDEST = `${major}.${minor}.0`;
const BELOW = `${major}.${minor - 1}.9`;

describe('preflight points to the troubleshooting page', () => {
  /** The `{#id}` anchors of a page's headings. */
  const anchors = (file: string) =>
    new Set(
      [...readFileSync(join(labsDir, '..', file), 'utf8').matchAll(/^#+ .*\{#([\w-]+)\}$/gm)].map(
        (m) => m[1],
      ),
    );

  it('names a section that exists in both languages for each item that can fail', () => {
    for (const file of ['docs/workshop/troubleshooting.md', 'docs/en/workshop/troubleshooting.md']) {
      const found = anchors(file);
      for (const anchor of Object.values(HELP_ANCHORS)) expect(found, `${file}#${anchor}`).toContain(anchor);
    }
  });

  it('gives a failing item its section, in the learner’s language, and a passing one none', async () => {
    expect(nodeItem('zh', BELOW).help).toBe('docs/workshop/troubleshooting.md#old-node');
    expect(nodeItem('en', BELOW).help).toBe('docs/en/workshop/troubleshooting.md#old-node');
    expect(nodeItem('en', OLDEST).help).toBeUndefined();
    expect(pnpmItem('en', undefined).help).toBe('docs/en/workshop/troubleshooting.md#pnpm-missing');
    const taken = await listen(() => {}, { port: 0 });
    try {
      const busy = await portItem('en', taken.port);
      expect(busy.state).toBe('fail');
      expect(busy.help).toBe('docs/en/workshop/troubleshooting.md#port-in-use');
    } finally {
      await taken.close();
    }
  });
});

describe('preflight items', () => {
  it('compares versions part by part', () => {
    expect(atLeast('20.19.0', '20.19')).toBe(true);
    expect(atLeast('v22.1.0', '20.19')).toBe(true);
    expect(atLeast('20.9.0', '20.19')).toBe(false);
    expect(atLeast('18.20.4', '20.19')).toBe(false);
  });

  it('fails a Node older than engines allows, with the fix, and passes the oldest it allows', () => {
    expect(MINIMUM).toMatch(/^\d+\.[1-9]\d*$/);
    const old = nodeItem('en', BELOW);
    expect(old.state).toBe('fail');
    expect(old.text).toContain(`${BELOW} is too old (needs >= ${MINIMUM})`);
    expect(old.fix).toContain('nvm install --lts');
    expect(nodeItem('en', OLDEST).state).toBe('ok');
  });

  it('reads pnpm from the user agent pnpm gives a script', () => {
    expect(pnpmItem('en', PNPM_AGENT).state).toBe('ok');
    expect(pnpmItem('en', 'pnpm/9.1.0 npm/? node/v20').state).toBe('fail');
    expect(pnpmItem('en', 'npm/10.8.2 node/v20').fix).toContain('npm install -g pnpm@12.4.2');
  });

  it('finds a taken port and says what to do', async () => {
    const busy = await listen(() => {});
    try {
      const taken = await portItem('en', busy.port);
      expect(taken.state).toBe('fail');
      expect(taken.text).toContain(`port ${busy.port} is taken (EADDRINUSE)`);
      expect(taken.fix).toContain('--port 0');
    } finally {
      await busy.close();
    }
    expect((await portItem('en', busy.port)).state).toBe('ok');
  });

  it("takes the kit's own server on a class port as running, and a stranger answering HTTP there as taken", async () => {
    const serve = await startServer({ port: 0, dataset: 'empty' });
    const lesson = await startClassServer({ students: 1, port: 0 });
    const stranger = await listen((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end('{"kit":"another"}');
    });
    try {
      for (const [port, command] of [
        [Number(new URL(serve.url).port), 'pnpm serve'],
        [Number(new URL(lesson.url).port), 'pnpm serve --class'],
      ] as const) {
        const running = await portItem('en', port);
        expect(running.state).toBe('ok');
        expect(running.text).toBe(
          `port ${port} is used by the kit's own server (${command}), already running: that is fine`,
        );
        expect(running.fix).toBeUndefined();
        expect(running.help).toBeUndefined();
      }
      // The troubleshooting page quotes the line as a class server on 5230 makes it.
      const lessonPort = Number(new URL(lesson.url).port);
      for (const [lang, file] of [
        ['zh', 'docs/workshop/troubleshooting.md'],
        ['en', 'docs/en/workshop/troubleshooting.md'],
      ] as const) {
        const { text } = await portItem(lang, lessonPort);
        const page = readFileSync(join(labsDir, '..', file), 'utf8');
        expect(page, file).toContain(`\n✓ ${text.replaceAll(String(lessonPort), '5230')}\n`);
      }
      const taken = await portItem('zh', stranger.port);
      expect(taken.state).toBe('fail');
      expect(taken.text).toBe(`端口 ${stranger.port} 被占用（EADDRINUSE）`);
    } finally {
      await Promise.all([serve.close(), lesson.close(), stranger.close()]);
    }
  }, 30_000);

  it('finds what an install left out, and nothing in this one', () => {
    const root = mkdtempSync(join(tmpdir(), 'memos-kit-preflight-'));
    try {
      mkdirSync(join(root, 'node_modules', '.pnpm', 'left-pad@1.3.0'), { recursive: true });
      const lock = [
        "lockfileVersion: '9.0'",
        'snapshots:',
        '',
        '  left-pad@1.3.0: {}',
        '',
        "  '@scope/gone@2.0.0(peer@1.0.0)':",
        '    dependencies:',
        '      peer: 1.0.0',
        '',
        '  other-os@1.0.0:',
        '    optional: true',
        '',
      ].join('\n');
      writeFileSync(join(root, 'pnpm-lock.yaml'), lock);
      expect(missingPackages(root)).toEqual(['@scope/gone@2.0.0']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    expect(missingPackages()).toEqual([]);
  });
});

describe('pnpm preflight', () => {
  it('prints one line per item and exits 0 on a ready machine', async () => {
    const free = await listen(() => {});
    await free.close();
    // The Node it names is the oldest the kit supports, whichever runs this test.
    const run = await runEntry(CLI, {
      args: ['--lang', 'en'],
      env: {
        npm_config_user_agent: PNPM_AGENT,
        KIT_PREFLIGHT_PORTS: String(free.port),
        KIT_PREFLIGHT_NODE_VERSION: OLDEST,
      },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`✓ Node ${OLDEST} (needs >= ${MINIMUM})`);
    expect(run.stdout).toContain('✓ pnpm 12.4.2');
    expect(run.stdout).toContain(`✓ port ${free.port} is free`);
    expect(run.stdout).toMatch(/works offline/);
    expect(run.stdout).toMatch(/(Chromium|nginx)/);
  });

  it('fails clearly when Node is too old or a port is taken', async () => {
    const busy = await listen(() => {});
    try {
      const run = await runEntry(CLI, {
        args: ['--lang', 'en'],
        env: {
          npm_config_user_agent: PNPM_AGENT,
          KIT_PREFLIGHT_PORTS: String(busy.port),
          KIT_PREFLIGHT_NODE_VERSION: '18.19.0',
        },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `✗ Node 18.19.0 is too old (needs >= ${MINIMUM}) — fix: install a current Node LTS (at least ${MINIMUM})`,
      );
      expect(run.stdout).toContain(`✗ port ${busy.port} is taken (EADDRINUSE) — fix:`);
      expect(run.stdout).toContain('2 items need fixing before class.');
    } finally {
      await busy.close();
    }
  });
});

describe('pnpm preflight on a checkout whose labs were solved', () => {
  let solved: Workdir;
  beforeAll(async () => {
    solved = await makeWorkdir('solved');
  });
  afterAll(() => solved.remove());

  const preflightIn = (root: string, lang: 'zh' | 'en') =>
    runEntry(CLI, {
      args: ['--lang', lang],
      env: { npm_config_user_agent: PNPM_AGENT, KIT_PREFLIGHT_PORTS: '', KIT_LAB_WORKDIR: root },
    });

  it('names each lab whose starter differs from the committed one, with its reset, and still exits 0', async () => {
    const [zh, en] = await Promise.all([preflightIn(solved.root, 'zh'), preflightIn(solved.root, 'en')]);
    expect(zh.code, zh.stdout).toBe(0);
    expect(en.code, en.stdout).toBe(0);
    // One line per item, wrapped to 100 columns: read unwrapped (Chinese wraps between any two characters).
    const zhText = zh.stdout.replace(/\s+/g, '');
    const enText = en.stdout.replace(/\n {2}/g, ' ');
    for (const lab of loadLabs()) {
      expect(zhText).toContain(
        `!练习${lab.number}（${lab.id}）的starter和提交时不同：${lab.files.join('、')}—修复：pnpm lab ${lab.number} --reset（会先询问），或git restore labs/${lab.dir}/starter`.replace(
          /\s+/g,
          '',
        ),
      );
      expect(enText).toContain(
        `! lab ${lab.number} (${lab.id}) has a starter that differs from the committed one: ${lab.files.join(', ')} — fix: pnpm lab ${lab.number} --reset (it asks first), or git restore labs/${lab.dir}/starter`,
      );
    }
    expect(zhText).toContain(`${loadLabs().length}个练习已经有人做过`);
  });

  it('says the starters are as committed once they are', async () => {
    const fresh = await makeWorkdir('starter');
    try {
      const run = await preflightIn(fresh.root, 'en');
      expect(run.stdout).toContain('✓ the labs’ starters are as committed');
      expect(run.stdout).not.toContain('differs from the committed one');
    } finally {
      fresh.remove();
    }
  });

  it('says what it cannot tell without git', async () => {
    const [zh, en] = await Promise.all([starterItems('zh', tmpdir()), starterItems('en', tmpdir())]);
    expect(zh).toEqual([
      {
        key: 'starters',
        state: 'optional',
        text: '这里不是 git 仓库（比如从压缩包解开的）：看不出练习的 starter 有没有改过',
        fix: '重新开始一个练习前，从原始压缩包里再复制一份它的 starter/',
      },
    ]);
    expect(en[0]?.text).toBe(
      'this is not a git checkout (a kit unpacked from an archive, say): whether the labs’ starters were changed cannot be told',
    );
  });
});
