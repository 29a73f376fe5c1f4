import { startTestApp, TestApp } from './harness/test-app';

/**
 * HSTS and the CSP's upgrade-insecure-requests go out only over HTTPS: a phone opening the
 * site over plain HTTP on the showroom's network must not be sent to https:// addresses
 * nothing serves. Every other security header goes out either way.
 */
describe('security headers over HTTP and HTTPS', () => {
  let trusting: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    trusting = await startTestApp({ env: { TRUST_PROXY: 'loopback', SMS_WORKER: 'false' } });
    direct = await startTestApp({ env: { SMS_WORKER: 'false' } });
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
  });

  const common = (h: Record<string, string>) => {
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['referrer-policy']).toBe('no-referrer');
  };

  it.each(['/', '/winner-list', '/api/v1/settings'])(
    'a plain-HTTP request to %s gets neither HSTS nor upgrade-insecure-requests',
    async (path) => {
      const res = await direct.http().get(path);
      common(res.headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    },
  );

  it('a request through a trusted proxy marked HTTPS gets both', async () => {
    const res = await trusting.http().get('/').set('X-Forwarded-Proto', 'https');
    common(res.headers);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('the same proxy marking plain HTTP gets neither', async () => {
    const res = await trusting.http().get('/').set('X-Forwarded-Proto', 'http');
    common(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('X-Forwarded-Proto from a proxy that is not trusted is ignored', async () => {
    const res = await direct.http().get('/').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
