/* global process, console -- a one-off Node script */
// Rebuilds nepal.json from the states-nepal package (MIT, see NOTICE.md). Run by hand only:
//   cd /tmp && npm pack states-nepal && tar xzf states-nepal-*.tgz
//   node backend/src/database/seeds/geography/convert-states-nepal.mjs /tmp/package
// The package is not a dependency: nepal.json is our own seed data from then on.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = process.argv[2];
if (!pkg) throw new Error('usage: convert-states-nepal.mjs <extracted package dir>');
const read = (kind, lang) => JSON.parse(readFileSync(join(pkg, 'lib/cjs/data', kind, `${lang}.json`), 'utf8'));

// The provinces' names adopted in 2022-2023 (the package still has "Province No. 1" etc.).
const PROVINCES = {
  1: ['Koshi', 'कोशी'],
  2: ['Madhesh', 'मधेश'],
  3: ['Bagmati', 'बागमती'],
  4: ['Gandaki', 'गण्डकी'],
  5: ['Lumbini', 'लुम्बिनी'],
  6: ['Karnali', 'कर्णाली'],
  7: ['Sudurpashchim', 'सुदूरपश्चिम'],
};
// Spellings as the government and the Election Commission write them.
const DISTRICT_EN = { Pachthar: 'Panchthar', Parwat: 'Parbat', Acham: 'Achham', 'Eastern Rukum': 'Rukum East', 'Western Rukum': 'Rukum West' };
const DISTRICT_NE = { Dhading: 'धादिङ', 'Eastern Rukum': 'रुकुम पूर्व', 'Western Rukum': 'रुकुम पश्चिम' };

const clean = (s) => s.replace(/\s+/g, ' ').trim();
const categories = Object.fromEntries(read('categories', 'en').map((c) => [c.id, c.name]));
// The package writes गाउपालिका; the official spelling has a chandrabindu.
const categoriesNe = Object.fromEntries(read('categories', 'np').map((c) => [c.id, clean(c.name).replace('गाउपालिका', 'गाउँपालिका')]));
const districtsEn = read('districts', 'en');
const districtsNe = Object.fromEntries(read('districts', 'np').map((d) => [d.id, d.name]));
const localEn = read('municipalities', 'en');
const localNe = Object.fromEntries(read('municipalities', 'np').map((m) => [m.id, m.name]));
const byName = (a, b) => a.name.localeCompare(b.name, 'en');

const out = Object.entries(PROVINCES).map(([id, [name, name_ne]]) => ({
  name,
  name_ne,
  districts: districtsEn
    .filter((d) => d.province_id === Number(id))
    .map((d) => ({
      name: DISTRICT_EN[d.name] ?? clean(d.name),
      name_ne: DISTRICT_NE[d.name] ?? clean(districtsNe[d.id]),
      local_levels: localEn
        .filter((m) => m.district_id === d.id)
        .map((m) => ({
          name: `${clean(m.name)} ${categories[m.category_id]}`,
          name_ne: `${clean(localNe[m.id])} ${categoriesNe[m.category_id]}`,
          kind: categories[m.category_id],
        }))
        .sort(byName),
    }))
    .sort(byName),
}));

const target = join(dirname(fileURLToPath(import.meta.url)), 'nepal.json');
// One local level per line: small, and diffs read well.
const json = JSON.stringify(out, null, 1).replace(/\{\n\s+("name": "[^"]*"),\n\s+("name_ne": "[^"]*"),\n\s+("kind": "[^"]*")\n\s+\}/g, '{ $1, $2, $3 }');
writeFileSync(target, json + '\n');
const d = out.reduce((n, p) => n + p.districts.length, 0);
const l = out.reduce((n, p) => n + p.districts.reduce((m, x) => m + x.local_levels.length, 0), 0);
console.log(`wrote ${target}: ${out.length} provinces, ${d} districts, ${l} local levels`);
