#!/usr/bin/env node
// The registry this project is built against serves only the linux-x64 builds of packages
// that ship one binary package per platform (anvil, biome). `npm install` then leaves the
// other platforms out of package-lock.json, and `npm ci` refuses the lockfile as out of sync.
// This records each missing platform package with its os/cpu, so that `npm ci` skips it on
// every other platform without fetching it. Idempotent; run by `prepare` after each install.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCKFILE = new URL('../package-lock.json', import.meta.url);
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd'];
const CPU = { amd64: 'x64', x64: 'x64', arm64: 'arm64', ia32: 'ia32', arm: 'arm' };

const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8'));
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.find((candidate) => parts.includes(candidate));
    const cpu = parts.map((part) => CPU[part]).find(Boolean);
    if (!os || !cpu) continue;
    lock.packages[key] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(parts.includes('musl') ? { libc: ['musl'] } : {}),
      optional: true,
      os: [os],
    };
    added++;
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} platform packages`);
}
