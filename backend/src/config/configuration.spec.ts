import { ConfigError, loadConfig } from './configuration';

describe('RATE_LIMIT_DISABLED', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/campaign-config-spec' };

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
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/campaign-config-spec' };

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
