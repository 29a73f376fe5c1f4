/**
 * What a production boot refuses as a weak ADMIN_PASSWORD or a low-entropy JWT_SECRET /
 * IDENTITY_KEY (configuration.ts). Each check answers why (the text after the variable's
 * name in the boot error) or null; none repeats the value.
 */

/** The Super Admin's first password: at least this long in production. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/**
 * Whole passwords seen at the top of every leaked-password list, compared case-insensitively
 * (those shorter than 12 characters are refused by the length already; longer ones and the
 * campaign's own words are listed here).
 */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  '123123123123',
  '987654321098',
  'qwertyuiop12',
  'qwertyuiop123',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5y6',
  'qazwsxedcrfv',
  'zaq12wsxcde3',
  'asdfghjkl123',
  'password1234',
  'password@123',
  'password@1234',
  'password12345',
  'p@ssw0rd1234',
  'p@ssword1234',
  'passw0rd1234',
  'administrator',
  'administrator1',
  'administrator123',
  'admin@123456',
  'admin1234567',
  'admin12345678',
  'adminadmin123',
  'superadmin123',
  'superadmin@123',
  'changeme1234',
  'changeme@123',
  'welcome@1234',
  'welcome12345',
  'iloveyou1234',
  'letmein12345',
  'trustno11234',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'whatever1234',
  'nepal@123456',
  'kathmandu123',
  'kathmandu@123',
  'campaign2082',
  'campaign@2082',
]);

/**
 * Words a password is commonly built around: with digits or symbols only before or after them,
 * or in leetspeak (P@ssw0rd2082!), or repeated (passwordpassword), they are still that word.
 */
const COMMON_WORDS = [
  'password',
  'passwd',
  'pass',
  'admin',
  'administrator',
  'superadmin',
  'root',
  'user',
  'login',
  'test',
  'guest',
  'default',
  'secret',
  'changeme',
  'welcome',
  'letmein',
  'iloveyou',
  'trustno',
  'qwerty',
  'qwertyuiop',
  'asdf',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'qazwsx',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'freedom',
  'whatever',
  'hello',
  'abc',
  'campaign',
  'nepal',
  'kathmandu',
  'everest',
  'namaste',
];

/** Letter runs a keyboard or the alphabet gives for free (abcdefgh..., qwertyui...). */
const RUNS = ['abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', 'zyxwvutsrqponmlkjihgfedcba'];

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};

/** The letters a password is built around: digits and symbols before and after dropped, leetspeak read as letters. */
function core(lower: string): string {
  const middle = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  return [...middle]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/[^a-z]/g, '');
}

/** True when `s` is one or more copies of `unit`. */
const repeats = (s: string, unit: string) =>
  s.length >= unit.length && s.length % unit.length === 0 && unit.repeat(s.length / unit.length) === s;

/**
 * Why ADMIN_PASSWORD is too weak for production, or null: shorter than 12 characters, fewer
 * than 5 different characters, only digits and symbols, one of the common passwords above, or
 * built around a common word or a keyboard/alphabet run.
 */
export function adminPasswordWeakness(value: string): string | null {
  if (value.length < ADMIN_PASSWORD_MIN_LENGTH) return `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters when NODE_ENV=production`;
  const lower = value.toLowerCase();
  if (new Set(lower).size < 5) return 'is too simple (fewer than 5 different characters); choose a long, uncommon password';
  const letters = core(lower);
  const common =
    COMMON_PASSWORDS.has(lower) ||
    letters === '' ||
    COMMON_WORDS.some((w) => repeats(letters, w)) ||
    (letters.length >= 4 && RUNS.some((run) => run.includes(letters)));
  return common ? 'is a common password (or built around a common word or a keyboard run); choose a long, uncommon password' : null;
}

/** Words that mark a secret typed by a person, not generated (my-jwt-secret-for-production...). */
const PLACEHOLDER_WORDS = ['secret', 'password', 'changeme', 'example', 'default', 'replace'];

/** True when `s` repeats a unit shorter than itself (abcdabcdabcd..., changeme-changeme-...). */
function periodic(s: string): boolean {
  for (let p = 1; p <= s.length / 2; p++) {
    let same = true;
    for (let i = 0; i + p < s.length && same; i++) same = s[i] === s[i + p];
    if (same) return true;
  }
  return false;
}

/** The share of neighbouring characters that are equal or consecutive (abcdef..., 123456...). */
function stepShare(s: string): number {
  let steps = 0;
  for (let i = 1; i < s.length; i++) if (Math.abs(s.charCodeAt(i) - s.charCodeAt(i - 1)) <= 1) steps++;
  return steps / Math.max(1, s.length - 1);
}

/** The least number of different characters a production secret holds. */
export const SECRET_MIN_DISTINCT = 8;

/**
 * Why a signing or hashing key (JWT_SECRET, IDENTITY_KEY) has too little entropy for
 * production, or null. Made for generated keys: `openssl rand -hex 32` or `-base64 48` always
 * pass (a random hex key has only 16 symbols, so a rule of 16 different characters would refuse
 * most of them: fewer than 8 happens about once in ten million 32-character hex keys). Refused:
 * fewer than 8 different characters, a repeated pattern, mostly runs of consecutive
 * characters, or a placeholder word such as "secret" or "changeme".
 */
export function secretWeakness(value: string): string | null {
  const advice = 'generate one, e.g. with openssl rand -base64 48';
  if (value.length < 32) return `must be at least 32 characters; ${advice}`;
  if (new Set(value).size < SECRET_MIN_DISTINCT)
    return `has too little entropy (fewer than ${SECRET_MIN_DISTINCT} different characters); ${advice}`;
  if (periodic(value)) return `has too little entropy (a repeated pattern); ${advice}`;
  if (stepShare(value) > 0.7) return `has too little entropy (mostly runs of consecutive characters); ${advice}`;
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.some((w) => lower.includes(w)))
    return `looks typed, not generated (it contains a word such as "secret" or "changeme"); ${advice}`;
  return null;
}
