#!/usr/bin/env node
// The few things `pnpm test` needs from the operating system, not from npm: Debian's Chromium for the
// docs' real-browser test, nginx for the SSE proxy lesson, and CJK fonts so screenshots show Chinese.
// Installs what is missing when it can (root with apt-get), otherwise says exactly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

const wanted = [
  { apt: 'chromium', present: () => existsSync('/usr/bin/chromium') || Boolean(process.env.CHROMIUM_PATH) },
  { apt: 'nginx-light', present: () => existsSync('/usr/sbin/nginx') },
  {
    apt: 'fonts-noto-cjk',
    present: () => existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  },
];

const missing = wanted.filter((pkg) => !pkg.present()).map((pkg) => pkg.apt);
if (missing.length === 0) process.exit(0);

const canApt =
  process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!canApt) {
  console.error(`pnpm test needs these system packages: ${missing.join(' ')}`);
  console.error(`Install them, e.g.: sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
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
