// Runs the bench's TypeScript directly: a require hook that transpiles .ts with @swc/core
// (already a dev dependency for Jest), the same settings as jest.config.js. No type check:
// `npx tsc -p tsconfig.json --noEmit` covers bench/ too.
const { readFileSync } = require('node:fs');
const swc = require('@swc/core');

const options = {
  jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022', keepClassNames: true },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};

// `node bench/register.js bench/run.ts args...`: load the entry given after this file.
if (require.main === module) {
  const entry = process.argv[2];
  if (!entry) {
    console.error('usage: node bench/register.js <file.ts> [args]');
    process.exit(2);
  }
  process.argv.splice(1, 1);
  require(require('node:path').resolve(entry));
}
