import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { FairQueue } from '../fair-queue';

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

/**
 * The password hashes of sign-ins from untrusted browsers (no device cookie for the account):
 * one at a time, taking turns between addresses. Each costs an argon2id hash (64 MiB, about
 * 0.1-0.2 s of a core) whether the password is right or not, and Node runs them on its four
 * worker threads: twelve strangers at once filled all four, and the owner's sign-in from their
 * own browser waited behind them (412 ms against 176 quiet in the bench). In this line they
 * take one thread at most; the owner's trusted browser, and a signed-in user changing their
 * password, hash at once beside it.
 */
export const untrustedHashes = new FairQueue();
