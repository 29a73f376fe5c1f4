/**
 * The hostile row's attacker, in its own process: sends the expensive requests of a JSON
 * file (argv[2]) to the app back to back until SIGTERM, then prints how many it sent. In its
 * own process because building and writing megabyte bodies costs the sender CPU time; sent
 * from the bench's process, that time delayed autocannon's own clock and was counted as the
 * app's latency. An attacker is another machine; this is the nearest this one gets.
 */
import { readFileSync } from 'node:fs';
import { http } from './lib';

interface Attack {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const attacks = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Attack[];
let sent = 0;
let stop = false;
process.on('SIGTERM', () => {
  stop = true;
});

void (async () => {
  process.stdout.write('ready\n');
  while (!stop) {
    for (const a of attacks) {
      if (stop) break;
      await http(a.url, { method: a.method, headers: a.headers, body: a.body }).catch(() => undefined);
      sent++;
    }
  }
  process.stdout.write(`sent ${sent}\n`);
  process.exit(0);
})();
