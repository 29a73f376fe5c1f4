import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** A person's share link carries `utm_source=ref-<their share code>` (16 hex characters). */
const SHARE_SOURCE_RE = /^ref-([0-9a-f]{16})$/;

/** The traffic source of a share code's link. */
export function shareSource(code: string): string {
  return `ref-${code}`;
}

/** The share code a (normalised) source names, or null when it is not a person's share link. */
export function shareCodeOf(source: string): string | null {
  return SHARE_SOURCE_RE.exec(source)?.[1] ?? null;
}

/** Who a share code belongs to: their phone (null once erased), or null when no record has the code. */
export type ShareOwner = (em: EntityManager, code: string) => Promise<{ phone: string | null } | null>;

/**
 * The hook through which the module that gives people share codes (pre-registration) tells
 * the referrer module whose a `ref-` link is, without the referrer module knowing its table.
 */
@Injectable()
export class ShareLinks {
  private owner?: ShareOwner;

  setOwner(owner: ShareOwner): void {
    this.owner = owner;
  }

  /**
   * Whether a visitor with `phone` who came through `source` counts for a sharer: any source
   * that is not a share link does; a share link does when its code is someone's and that
   * someone is not the visitor (their own link brings no friend: one person, not one record).
   */
  async counts(em: EntityManager, source: string, phone: string | null | undefined): Promise<boolean> {
    const code = shareCodeOf(source);
    if (!code) return true;
    if (!this.owner) throw new Error('No module owns the share codes.');
    const owner = await this.owner(em, code);
    return !!owner && !(phone && owner.phone === phone);
  }
}
