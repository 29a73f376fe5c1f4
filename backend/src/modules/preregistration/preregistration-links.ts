import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** The slug of the purchase made from a pre-registration, or null. */
export type PurchaseSlug = (em: EntityManager, preregistrationId: number) => Promise<string | null>;

/**
 * The hook through which the sales module (which imports this one to convert
 * pre-registrations) tells a pre-registration's detail which purchase it became, without
 * this module knowing the registration table. Unset, it is a wiring fault and fails loudly.
 */
@Injectable()
export class PreregistrationLinks {
  private purchase?: PurchaseSlug;

  setPurchaseSlug(fn: PurchaseSlug): void {
    this.purchase = fn;
  }

  purchaseSlug(em: EntityManager, preregistrationId: number): Promise<string | null> {
    if (!this.purchase) throw new Error('No module links a pre-registration to its purchase.');
    return this.purchase(em, preregistrationId);
  }
}
