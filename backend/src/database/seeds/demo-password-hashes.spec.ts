import { verifyPassword } from '../../common/auth/password';
import { DEMO_LOGINS } from './demo-data';
import { DEMO_PASSWORD_HASHES } from './demo-password-hashes';

describe('precomputed demo password hashes', () => {
  it.each(DEMO_LOGINS.map((l) => [l.email, l.password]))('%s signs in with its published password', async (_email, password) => {
    expect(DEMO_PASSWORD_HASHES[password]).toBeDefined();
    expect(await verifyPassword(DEMO_PASSWORD_HASHES[password], password)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASHES[password], `${password}x`)).toBe(false);
  });
});
