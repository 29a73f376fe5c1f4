import { randomBytes } from 'node:crypto';
import { sign, verify } from 'jsonwebtoken';
import { jwtKey } from './jwt-key';

describe('the JWT key (jwtKey)', () => {
  const secret = randomBytes(32).toString('hex');

  it('is made once per secret', () => {
    expect(jwtKey(secret)).toBe(jwtKey(secret));
    expect(jwtKey(`${secret}x`)).not.toBe(jwtKey(secret));
  });

  it('verifies a token signed with the secret as text (a previous release, mid rolling restart), and the reverse', () => {
    const fromText = sign({ sub: 1 }, secret, { algorithm: 'HS256' });
    expect(verify(fromText, jwtKey(secret), { algorithms: ['HS256'] })).toMatchObject({ sub: 1 });
    const fromKey = sign({ sub: 2 }, jwtKey(secret), { algorithm: 'HS256' });
    expect(verify(fromKey, secret, { algorithms: ['HS256'] })).toMatchObject({ sub: 2 });
    expect(() => verify(fromKey, jwtKey(`${secret}x`), { algorithms: ['HS256'] })).toThrow('invalid signature');
  });
});
