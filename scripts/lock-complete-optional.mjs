// Adds lockfile entries for platform-specific optional packages (other OSes and CPUs)
// that this machine's npm registry mirror does not serve, so `npm ci` finds the lock in
// sync. Each entry carries the os/cpu read from its name, so npm skips it here as it
// would on any machine it does not fit. Run after `npm install` changes dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'arm', 'wasm32'];
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[base] || pkgs[`node_modules/${name}`]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = OS.find((o) => tokens.includes(o));
    const cpu = CPU.find((c) => tokens.includes(c)) ?? (tokens.includes('universal') ? undefined : undefined);
    if (!os && !cpu) continue;
    const entry = { version: String(version).replace(/^[\^~]/, ''), optional: true };
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (tokens.includes('musl')) entry.libc = ['musl'];
    if (tokens.includes('gnu') || tokens.includes('gnueabihf')) entry.libc = ['glibc'];
    pkgs[`node_modules/${name}`] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} platform entries`);
