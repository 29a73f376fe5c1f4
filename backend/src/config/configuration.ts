import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { adminPasswordWeakness, secretWeakness } from './secret-strength';

/**
 * The only place that reads process.env. Each concern has its own typed block,
 * validated at boot; a bad variable stops the process with a message naming it.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /**
   * The public site's address as visitors reach it (required in production): the code SMS links
   * to its verify page, and the public page is rendered for it alone, whatever the Host header.
   */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL's statement_timeout on the app's connections, in ms (0: none); a statement past it answers 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Requests one signed-in user has running at once; more wait their turn (USER_REQUESTS_QUEUED of them), the rest answer 429. */
  USER_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(4),
  USER_REQUESTS_QUEUED: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Table searches one signed-in user has running at once (each also counts as a request); more wait in the same queue. */
  USER_SEARCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(1),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Keys the hash an erased customer is still recognised by (one pre-registration and one draw
   * per person). Derived from JWT_SECRET when unset; set it on its own so that rotating
   * JWT_SECRET does not let erased customers register and draw again.
   */
  IDENTITY_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  CAMPAIGN_TZ: z
    .string()
    .default('Asia/Kathmandu')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'is not a known IANA time zone'),
  SEED_DEMO: bool.optional(),
  UPLOAD_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Hops of reverse proxies to trust for the client address: false, a number, or express names (loopback, uniquelocal). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'false' || v === '0' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  SMS_PROVIDER: z.enum(['log', 'sparrow', 'aakash']).default('log'),
  /** Lets a production boot use the `log` provider anyway (a demo server): it writes every code to the log. */
  SMS_ALLOW_LOG: bool.default(false),
  SMS_BASE_URL: z.string().url().optional(),
  SMS_TOKEN: z.string().optional(),
  SMS_FROM: z.string().default('Campaign'),
  SMS_WORKER: bool.default(true),
  SMS_WORKER_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  /** How often the daily commitment is checked for (docs/fairness.md); 0: never by a timer (each day's first draw commits it, marked late). */
  FAIRNESS_COMMIT_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Messages a second one instance hands to the gateway at most (0 = no cap). */
  SMS_MAX_PER_SECOND: z.coerce.number().int().min(0).max(100000).default(0),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** `off` runs the public forms without a captcha on purpose (production refuses to start without keys otherwise). */
  CAPTCHA: z.enum(['on', 'off']).optional(),
  /** The OpenAPI pages at /api/docs: on outside production, off in production unless `on`. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  REDIS_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  /** Turns the per-address limits off for a load test on loopback (npm run bench); refused in production. */
  RATE_LIMIT_DISABLED: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  app: {
    env: Env['NODE_ENV'];
    port: number;
    host: string;
    dataDir: string;
    campaignTz: string;
    seedDemo: boolean;
    /** First Super Admin for a production database (created at boot when missing). */
    bootstrapAdmin?: { email: string; password: string };
    trustProxy: boolean | number | string;
    logLevel: Env['LOG_LEVEL'];
    staticRoot: string;
    /**
     * The site's one address (PUBLIC_URL, else http://localhost:PORT), no trailing slash: the base
     * of the links in SMS texts and of the public page's share previews, whatever the Host header.
     */
    publicUrl: string;
    /** Serve the OpenAPI pages at /api/docs. */
    apiDocs: boolean;
    /** Every this many ms (and at start-up), the daily commitments that are due are made; 0: no timer. */
    commitIntervalMs: number;
  };
  /** `statementTimeoutMs`: the app's statement_timeout (0: none); migrations and seeds run without it. */
  database: { url?: string; poolSize: number; embeddedDir: string; statementTimeoutMs: number };
  /** Requests one signed-in user may have running at once, and waiting for their turn (common/http/user-requests.ts). */
  userRequests: { inFlight: number; queued: number; searchesInFlight: number };
  auth: { jwtSecret: string; expiresIn: number; rememberExpiresIn: number };
  files: { uploadDir: string; maxBytes: number };
  sms: {
    provider: Env['SMS_PROVIDER'];
    baseUrl?: string;
    token?: string;
    from: string;
    worker: boolean;
    workerIntervalMs: number;
    maxPerSecond: number;
  };
  /** `offOnPurpose`: CAPTCHA=off was set, so the forms have no captcha even with keys; said at boot and on the Super Admin's dashboard. */
  captcha: { secret?: string; siteKey?: string; verifyUrl: string; offOnPurpose: boolean };
  /** Per-address route limits (@Throttle); `disabled` only outside production, for the load bench. */
  rateLimit: { disabled: boolean };
  /** `identityKey`: the HMAC key of erased customers' phone and citizenship hashes. */
  privacy: { identityKey: string };
  redisUrl?: string;
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default) into the typed config, or throws naming the bad variables. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(process.cwd(), env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production') {
    // A guessable first admin password or signing key is refused before anything starts (secret-strength.ts).
    const weak = [
      ['ADMIN_PASSWORD', env.ADMIN_PASSWORD ? adminPasswordWeakness(env.ADMIN_PASSWORD) : null],
      ['JWT_SECRET', env.JWT_SECRET ? secretWeakness(env.JWT_SECRET) : null],
      ['IDENTITY_KEY', env.IDENTITY_KEY ? secretWeakness(env.IDENTITY_KEY) : null],
    ].filter(([, why]) => why);
    if (weak.length) throw new ConfigError(`Invalid configuration:\n${weak.map(([name, why]) => `  ${name}: ${why}`).join('\n')}`);
  }
  if (env.NODE_ENV === 'production' && env.RATE_LIMIT_DISABLED) {
    throw new ConfigError('Invalid configuration:\n  RATE_LIMIT_DISABLED: is not allowed when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'log' && !env.SMS_ALLOW_LOG) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_PROVIDER: log is not allowed when NODE_ENV=production (it sends no SMS and writes every code to the log); set sparrow or aakash, or SMS_ALLOW_LOG=true for a demo server',
    );
  }
  if (env.NODE_ENV === 'production' && env.CAPTCHA !== 'off' && (!env.RECAPTCHA_SECRET || !env.RECAPTCHA_SITE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY: are required when NODE_ENV=production (the public forms would have no captcha); set both, or CAPTCHA=off to run without one on purpose',
    );
  }
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: is required when NODE_ENV=production (the site's address as visitors reach it, e.g. https://campaign.example.com: the code SMS links to it and the public page is made for it)",
    );
  }
  const captchaOff = env.CAPTCHA === 'off';
  const jwtSecret = env.JWT_SECRET ?? persistedSecret(dataDir);
  return {
    app: {
      env: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      dataDir,
      campaignTz: env.CAMPAIGN_TZ,
      seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
      bootstrapAdmin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL,
      staticRoot: resolve(__dirname, '..', '..', '..'),
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      apiDocs: env.API_DOCS ? env.API_DOCS === 'on' : env.NODE_ENV !== 'production',
      commitIntervalMs: env.FAIRNESS_COMMIT_INTERVAL_MS,
    },
    database: {
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      embeddedDir: join(dataDir, 'pgdata'),
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    userRequests: { inFlight: env.USER_REQUESTS_IN_FLIGHT, queued: env.USER_REQUESTS_QUEUED, searchesInFlight: env.USER_SEARCHES_IN_FLIGHT },
    auth: {
      jwtSecret,
      expiresIn: 12 * 3600,
      rememberExpiresIn: 30 * 24 * 3600,
    },
    files: { uploadDir: env.UPLOAD_DIR ? resolve(env.UPLOAD_DIR) : join(dataDir, 'uploads'), maxBytes: 5 * 1024 * 1024 },
    sms: {
      provider: env.SMS_PROVIDER,
      baseUrl: env.SMS_BASE_URL,
      token: env.SMS_TOKEN,
      from: env.SMS_FROM,
      worker: env.SMS_WORKER,
      workerIntervalMs: env.SMS_WORKER_INTERVAL_MS,
      maxPerSecond: env.SMS_MAX_PER_SECOND,
    },
    captcha: {
      secret: captchaOff ? undefined : env.RECAPTCHA_SECRET,
      siteKey: captchaOff ? undefined : env.RECAPTCHA_SITE_KEY,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      offOnPurpose: captchaOff,
    },
    rateLimit: { disabled: env.RATE_LIMIT_DISABLED },
    privacy: { identityKey: env.IDENTITY_KEY ?? createHmac('sha256', jwtSecret).update('identity-key').digest('hex') },
    redisUrl: env.REDIS_URL,
  };
}

/** Outside production the JWT secret is generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
