#!/usr/bin/env node
// The few things `pnpm test` needs from the operating system, not from npm: Debian's Chromium for the
// docs' real-browser test, nginx for the SSE proxy lesson, CJK fonts so screenshots show Chinese, and
// Python 3 for the article's own stdio programs (demo:stdio's Python lessons).
// Installs what is missing when it can (root with apt-get). Otherwise it says what to install and lets the
// tests run: the browser test, the proxy lesson and the Python tests then skip, saying why. Only where they
// are required (CI, or KIT_REQUIRE_CHROMIUM / KIT_REQUIRE_NGINX / KIT_REQUIRE_PYTHON) does a missing
// package stop the run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

const wanted = [
  { apt: 'chromium', present: () => existsSync('/usr/bin/chromium') || Boolean(process.env.CHROMIUM_PATH) },
  {
    apt: 'nginx-light',
    present: () =>
      existsSync('/usr/sbin/nginx') ||
      Boolean(process.env.KIT_NGINX) ||
      spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0,
  },
  {
    apt: 'fonts-noto-cjk',
    present: () => existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  },
  {
    // The lessons take python3 first, then python; either must answer --version with Python 3.
    apt: 'python3',
    present: () =>
      ['python3', 'python'].some((name) =>
        /^Python 3\./.test(spawnSync(name, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? ''),
      ),
  },
];

const missing = wanted.filter((pkg) => !pkg.present()).map((pkg) => pkg.apt);
if (missing.length === 0) process.exit(0);

const canApt =
  process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!canApt) {
  const required = Boolean(
    process.env.CI ||
      process.env.KIT_REQUIRE_CHROMIUM ||
      process.env.KIT_REQUIRE_NGINX ||
      process.env.KIT_REQUIRE_PYTHON,
  );
  console.error(`Some tests use system packages that are missing here: ${missing.join(' ')}`);
  console.error(`On Debian or Ubuntu: sudo apt-get install -y ${missing.join(' ')}`);
  console.error(
    'Elsewhere, point CHROMIUM_PATH at any Chromium and KIT_NGINX at any nginx (or put it on PATH), and put a Python 3 on PATH.',
  );
  if (required) process.exit(1);
  console.error('Running the tests anyway: the ones that need them will say they are skipped.');
  process.exit(0);
}

console.log(`Installing system packages for the tests: ${missing.join(' ')}`);
// Keep the package's own service (nginx on port 80) from starting: the tests start their own, on loopback.
const policy = '/usr/sbin/policy-rc.d';
const ownPolicy = !existsSync(policy);
if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
} finally {
  if (ownPolicy) rmSync(policy, { force: true });
}
