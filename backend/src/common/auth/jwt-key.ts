import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * JWT_SECRET as the HS256 key object jsonwebtoken signs and verifies with, made once per
 * secret. Given the string, jsonwebtoken 9 makes the key again at every sign and verify, and
 * first tries to read the string as a PEM public or private key (`createPublicKey`, which
 * throws for a secret): about 1 ms of the main thread for every signed-in request, the first
 * cost in a profile of a staff user's requests sent back to back (#32's hostile bench).
 */
export function jwtKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}
