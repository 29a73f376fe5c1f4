import { maskPhone, type ImageRef, type PublicPreregistration } from '@campaign/domain';
import { imageRef } from '../file/file-view';
import type { Friends } from '../referrer/referrer.service';
import { PreregistrationEntity } from './preregistration.entity';

export type Ref = { id: number; title: string } | null;

export function toPublicView(
  p: Pick<PreregistrationEntity, 'slug' | 'name' | 'phone' | 'is_verified' | 'prize' | 'share_code'>,
  draw: { public_id: string | null; fingerprint: string | null } | null = null,
): PublicPreregistration {
  const drawn = p.is_verified;
  return {
    slug: p.slug,
    name: p.name,
    phone: maskPhone(p.phone),
    is_verified: drawn,
    prize: drawn ? p.prize : null,
    draw_id: drawn ? (draw?.public_id ?? null) : null,
    draw_fingerprint: drawn ? (draw?.fingerprint ?? null) : null,
    share_code: drawn ? p.share_code : null,
  };
}

const ref = (b: { id: number; title: string } | null | undefined): Ref => (b ? { id: b.id, title: b.title } : null);

/** A row of the staff table. */
export function toRowView(p: PreregistrationEntity, bikeModels: Map<number, string>) {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    phone: p.phone,
    bike_model_id: p.bike_model_id,
    bike_model: p.bike_model_id ? { id: p.bike_model_id, title: bikeModels.get(p.bike_model_id) ?? '' } : null,
    branch_id: p.branch_id,
    branch: ref(p.branch),
    nearest_branch_id: p.nearest_branch_id,
    nearest_branch: ref(p.nearest_branch),
    source: p.source,
    is_verified: p.is_verified,
    purchased: p.purchased,
    prize: p.prize,
    created_at: p.created_at,
  };
}

/** The staff detail: everything, the code only for staff with send-sms. */
export function toDetailView(p: PreregistrationEntity, bikeModels: Map<number, string>, opts: { withCode: boolean }) {
  const shot: ImageRef | null = imageRef(p.screenshot);
  const view = {
    ...toRowView(p, bikeModels),
    address: p.address,
    email: p.email,
    citizenship_no: p.citizenship_no,
    roadie: p.roadie,
    note: p.note,
    shared: p.shared,
    screenshot: shot,
    screenshot_url: shot?.url ?? null,
    send_sms: p.send_sms,
    utm_source: p.utm_source,
    verified_at: p.verified_at,
    status: p.status,
    consent_at: p.consent_at,
    terms_version: p.terms_version,
    erased_at: p.erased_at,
    // The purchase made from it (added by the sales domain).
    registration: null as { slug: string } | null,
    /** The public id of the record's draw (docs/fairness.md), and its day's fingerprint. */
    draw_id: null as string | null,
    draw_fingerprint: null as string | null,
    /** The customer's share link code, and what came through it in all branches (added by the referrer domain). */
    share_code: p.share_code,
    friends: null as Friends | null,
    /**
     * Why the record is held without a draw (issue #32: its citizenship number is another live
     * record's), as the staff form's errors say it: [message, '<slug>'] when the viewer may open
     * that record, [message] otherwise; null when not held (added by the service).
     */
    held: null as string[] | null,
    updated_at: p.updated_at,
  };
  return opts.withCode ? { ...view, code: p.code ?? null } : view;
}
export type PreregistrationDetail = ReturnType<typeof toDetailView>;
