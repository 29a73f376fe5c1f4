import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';

/** Of `phones`, those a branch user's branch knows (its live pre-registrations). */
export type KnownPhones = (em: EntityManager, user: AuthUser, phones: string[]) => Promise<string[]>;

/**
 * The hook through which the modules that own customer records and whose tables have no
 * repository yet (pre-registrations) tell bulk SMS which phones a branch knows (they import
 * the SMS module to queue their own messages, so it cannot import them). The customers
 * themselves and the purchases' phones are asked of RegistrationRepository. Unset, it is a
 * wiring fault and fails loudly.
 */
@Injectable()
export class SmsAudience {
  private readonly known: KnownPhones[] = [];

  addKnownPhones(fn: KnownPhones): void {
    this.known.push(fn);
  }

  /** One after the other: all run on the transaction's one connection. */
  async knownPhones(em: EntityManager, user: AuthUser, phones: string[]): Promise<Set<string>> {
    if (!this.known.length) throw new Error('No module says which phones a branch knows.');
    const out = new Set<string>();
    for (const fn of this.known) for (const p of await fn(em, user, phones)) out.add(p);
    return out;
  }
}
