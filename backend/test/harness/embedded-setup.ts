import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The embedded run's setup: no PostgreSQL server (each file starts the embedded database
 * `npm start` uses); only the domain package's build, which the app's plain-Node parts load.
 */
export default function embeddedSetup() {
  execFileSync(process.execPath, [join(__dirname, '../../../scripts/build-if-needed.mjs'), 'domain'], { stdio: 'inherit' });
}
