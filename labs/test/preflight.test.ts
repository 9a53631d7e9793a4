import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, runEntry } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';
import { labsDir } from '../src/catalog.ts';
import { atLeast, missingPackages, nodeItem, pnpmItem, portItem } from '../src/preflight-checks.ts';

const CLI = join(labsDir, 'src', 'preflight.ts');
const PNPM_AGENT = 'pnpm/12.4.2 npm/? node/v20.20.2 linux x64';

describe('preflight items', () => {
  it('compares versions part by part', () => {
    expect(atLeast('20.19.0', '20.19')).toBe(true);
    expect(atLeast('v22.1.0', '20.19')).toBe(true);
    expect(atLeast('20.9.0', '20.19')).toBe(false);
    expect(atLeast('18.20.4', '20.19')).toBe(false);
  });

  it('fails an old Node with the fix', () => {
    const old = nodeItem('en', '18.19.0');
    expect(old.state).toBe('fail');
    expect(old.text).toContain('18.19.0 is too old');
    expect(old.fix).toContain('nvm install 22');
    expect(nodeItem('en', process.versions.node).state).toBe('ok');
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
    const run = await runEntry(CLI, {
      args: ['--lang', 'en'],
      env: { npm_config_user_agent: PNPM_AGENT, KIT_PREFLIGHT_PORTS: String(free.port) },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/✓ Node \d+\.\d+\.\d+ \(needs >= 20\.19\)/);
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
      expect(run.stdout).toContain('✗ Node 18.19.0 is too old (needs >= 20.19) — fix: install Node 22 LTS');
      expect(run.stdout).toContain(`✗ port ${busy.port} is taken (EADDRINUSE) — fix:`);
      expect(run.stdout).toContain('2 items need fixing before class.');
    } finally {
      await busy.close();
    }
  });
});
