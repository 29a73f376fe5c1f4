import { ConfigError, loadConfig } from './configuration';

/** A generated-looking key: production refuses a low-entropy one (secret-strength.ts). */
const SECRET = 'Yq3vK8pZr1Lw6TnX0cHj4Ms9Db2Gf7Ue5Ai';

describe('RATE_LIMIT_DISABLED', () => {
  const base = { JWT_SECRET: SECRET, DATA_DIR: '/tmp/campaign-config-spec', PUBLIC_URL: 'https://campaign.example.com', RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site-key' };

  it('is off unless set', () => {
    expect(loadConfig(base).rateLimit).toEqual({ disabled: false });
  });

  it('turns the per-address limits off outside production (the load bench)', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development', RATE_LIMIT_DISABLED: 'true' }).rateLimit).toEqual({ disabled: true });
    expect(loadConfig({ ...base, NODE_ENV: 'test', RATE_LIMIT_DISABLED: '1' }).rateLimit).toEqual({ disabled: true });
  });

  it('stops a production boot with a message naming it', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' })).toThrow(/RATE_LIMIT_DISABLED: is not allowed when NODE_ENV=production/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'sparrow', RATE_LIMIT_DISABLED: 'false' }).rateLimit.disabled).toBe(false);
  });
});

describe('SMS_PROVIDER=log in production', () => {
  const base = { JWT_SECRET: SECRET, DATA_DIR: '/tmp/campaign-config-spec', PUBLIC_URL: 'https://campaign.example.com', RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site-key' };

  it('stops a production boot, explicit or by default: the log provider writes every code to the log', () => {
    for (const env of [{ SMS_PROVIDER: 'log' }, {}]) {
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', ...env })).toThrow(/SMS_PROVIDER: log is not allowed when NODE_ENV=production/);
    }
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'log', SMS_ALLOW_LOG: 'false' })).toThrow(ConfigError);
  });

  it('is allowed in production with SMS_ALLOW_LOG=true (a demo server), and anywhere outside production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'log', SMS_ALLOW_LOG: 'true' }).sms.provider).toBe('log');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).sms.provider).toBe('log');
    expect(loadConfig({ ...base, NODE_ENV: 'test', SMS_PROVIDER: 'log' }).sms.provider).toBe('log');
  });

  it('leaves a real gateway alone', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'sparrow' }).sms.provider).toBe('sparrow');
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'aakash' }).sms.provider).toBe('aakash');
  });
});

describe('captcha keys in production', () => {
  const base = { JWT_SECRET: SECRET, DATA_DIR: '/tmp/campaign-config-spec', PUBLIC_URL: 'https://campaign.example.com', SMS_PROVIDER: 'sparrow' as const };
  const keys = { RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site-key' };

  it('stops a production boot without both keys, naming them', () => {
    for (const env of [{}, { RECAPTCHA_SECRET: 'secret' }, { RECAPTCHA_SITE_KEY: 'site-key' }, { CAPTCHA: 'on' }]) {
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', ...env })).toThrow(
        /RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY: are required when NODE_ENV=production .* or CAPTCHA=off to run without one on purpose/,
      );
    }
  });

  it('starts with both keys, captcha on', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...keys }).captcha).toMatchObject({ secret: 'secret', siteKey: 'site-key', offOnPurpose: false });
  });

  it('starts without keys when CAPTCHA=off is set on purpose, and marks it (the boot log and the dashboard say so)', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', CAPTCHA: 'off' }).captcha).toMatchObject({ secret: undefined, offOnPurpose: true });
    // off means off, keys or not
    expect(loadConfig({ ...base, NODE_ENV: 'production', CAPTCHA: 'off', ...keys }).captcha).toMatchObject({ secret: undefined, siteKey: undefined, offOnPurpose: true });
  });

  it('needs no keys outside production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).captcha).toMatchObject({ secret: undefined, offOnPurpose: false });
  });
});

describe('API_DOCS', () => {
  const base = { JWT_SECRET: SECRET, DATA_DIR: '/tmp/campaign-config-spec', PUBLIC_URL: 'https://campaign.example.com', SMS_PROVIDER: 'sparrow' as const, CAPTCHA: 'off' as const };

  it('is off in production unless API_DOCS=on, on elsewhere unless API_DOCS=off', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).app.apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', API_DOCS: 'on' }).app.apiDocs).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).app.apiDocs).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test', API_DOCS: 'off' }).app.apiDocs).toBe(false);
  });

  it('refuses a value other than on or off', () => {
    expect(() => loadConfig({ ...base, API_DOCS: 'yes-please' })).toThrow(/API_DOCS/);
  });
});

describe('PUBLIC_URL', () => {
  const base = { JWT_SECRET: SECRET, DATA_DIR: '/tmp/campaign-config-spec', SMS_PROVIDER: 'sparrow' as const, CAPTCHA: 'off' as const };

  it('stops a production boot without it, as without JWT_SECRET: the code SMS and the public page are made for it', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: is required when NODE_ENV=production/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://campaign.example.com/' }).app.publicUrl).toBe('https://campaign.example.com');
  });

  it('is http://localhost:PORT outside production when unset', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development', PORT: '4100' }).app.publicUrl).toBe('http://localhost:4100');
  });
});
