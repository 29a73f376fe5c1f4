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
    expect(loadConfig({ ...base, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'false' }).rateLimit.disabled).toBe(false);
  });
});
