import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';

/** Which customers a bulk send reaches: all in scope, those of some branches, or chosen records. */
export interface CustomerFilter {
  branches?: number[];
  ids?: number[];
}

/** What the module that owns the customers (purchases) answers for bulk SMS. */
export interface CustomerSource {
  /** DISTINCT phone (column "phone") of live customers in `user`'s scope with a mobile number, narrowed by `filter`. */
  phones(em: EntityManager, user: AuthUser, filter: CustomerFilter): SelectQueryBuilder<object>;
  /** Which of `ids` are live customers in `user`'s scope. */
  existing(em: EntityManager, user: AuthUser, ids: number[]): Promise<Set<number>>;
}

/** Of `phones`, those a branch user's branch knows (its live purchases or pre-registrations). */
export type KnownPhones = (em: EntityManager, user: AuthUser, phones: string[]) => Promise<string[]>;

/**
 * The hook through which the modules that own customer records give bulk SMS its recipients
 * (they import the SMS module to queue their own messages, so it cannot import them). Unset
 * parts are a wiring fault and fail loudly.
 */
@Injectable()
export class SmsAudience {
  private source?: CustomerSource;
  private readonly known: KnownPhones[] = [];

  setCustomers(source: CustomerSource): void {
    this.source = source;
  }

  addKnownPhones(fn: KnownPhones): void {
    this.known.push(fn);
  }

  get customers(): CustomerSource {
    if (!this.source) throw new Error('No module gives bulk SMS its customers.');
    return this.source;
  }

  /** One after the other: all run on the transaction's one connection. */
  async knownPhones(em: EntityManager, user: AuthUser, phones: string[]): Promise<Set<string>> {
    if (!this.known.length) throw new Error('No module says which phones a branch knows.');
    const out = new Set<string>();
    for (const fn of this.known) for (const p of await fn(em, user, phones)) out.add(p);
    return out;
  }
}
