import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3); verify is constant-time. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A real hash to verify against when the email is unknown, so both failures cost the same time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
