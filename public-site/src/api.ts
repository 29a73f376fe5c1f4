import { lang, t } from './i18n';
/**
 * The one place that calls the backend (all under /api/v1).
 * Reads are cached per visit so moving between routes does not ask again; a failed read is
 * forgotten so the next use retries.
 */
import {
  API_BASE,
  type ChainLink,
  type ImageRef,
  type PrizesToday,
  type PublicDayAnswer as DomainDayAnswer,
  type PublicDraw,
  type PublicPreregistration,
  type PublicSettings,
  type SealedDay,
} from '@campaign/domain';
import type { BranchLike, Province } from './cascade';

/** The answers' shapes are the backend's (`@campaign/domain`): GET /settings, a pre-registration, GET /prizes. */
export type Settings = PublicSettings;
export type Enquiry = PublicPreregistration;
export type { PrizesToday };
/** A showroom: its places (and their Nepali names) as the booking cascade reads them, and its Nepali names (null: the English one is shown). */
export interface Branch extends BranchLike {
  title_ne?: string | null;
  location: string;
  location_ne?: string | null;
  order: number;
}
export interface Video {
  id: number;
  title: string;
  title_ne?: string | null;
  url: string;
  amount: number;
  thumbnail: ImageRef | null;
}
export interface BikeModel {
  id: number;
  title: string;
  title_ne?: string | null;
  thumbnail?: ImageRef | string | null;
  /** The showcase's line and price (whole rupees; 'From' when price_from). */
  tagline?: string | null;
  tagline_ne?: string | null;
  price?: number | null;
  price_from?: boolean;
}
export interface TestRideBody {
  name: string;
  email?: string;
  phone: string;
  state: string;
  district: string;
  city: string;
  branch_id: number;
  bike_model_id: number;
  type: string;
  utm_source?: string;
  'g-recaptcha-response'?: string;
}

/** A failed call: HTTP status (0 when the network failed), server message and field errors. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
    public retryAfter?: number,
  ) {
    super(message);
  }
  /** First message for a field, the one the form shows under the field. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

async function request<T>(method: string, path: string, body?: FormData | object): Promise<T> {
  // The server answers its messages in the visitor's language (#15).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang() };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(API_BASE + path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, t('Could not reach the server. Please check your connection and try again.'));
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    /* empty or non-JSON body */
  }
  if (!res.ok) {
    const j = (json ?? {}) as { message?: unknown; errors?: unknown };
    const message =
      typeof j.message === 'string' ? j.message : Array.isArray(j.message) ? String(j.message[0]) : t('Request failed ({status})', { status: res.status });
    const errors = j.errors && typeof j.errors === 'object' ? (j.errors as Record<string, string[]>) : {};
    const retry = Number(res.headers.get('Retry-After'));
    throw new ApiError(res.status, message, errors, Number.isFinite(retry) && retry > 0 ? retry : undefined);
  }
  return json as T;
}

const cache = new Map<string, Promise<unknown>>();
function cachedGet<T>(path: string, pick: (json: unknown) => T): Promise<T> {
  let p = cache.get(path) as Promise<T> | undefined;
  if (!p) {
    p = request<unknown>('GET', path).then(pick);
    p.catch(() => cache.delete(path));
    cache.set(path, p);
  }
  return p;
}

/** `{ data }` of an answer. */
const inner = (json: unknown): unknown => (json as { data?: unknown } | null | undefined)?.data;
/** The rows of `{ data: [...] }` or `{ data: { data: [...] } }`; [] for anything else. */
function rows<T>(json: unknown): T[] {
  const d = inner(json);
  const dd = inner(d);
  return Array.isArray(dd) ? dd : Array.isArray(d) ? d : [];
}

export const getSettings = () => cachedGet<Settings>('/settings', (j) => inner(j) as Settings);
export const getBranches = () => cachedGet<Branch[]>('/branches', (j) => rows<Branch>(j).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)));
export const getVideos = () => cachedGet<Video[]>('/videos', (j) => rows<Video>(j));

export const getPrizes = () => cachedGet<PrizesToday>('/prizes', (j) => inner(j) as PrizesToday);
export const getBikeModels = () => cachedGet<BikeModel[]>('/bike-models', (j) => rows<BikeModel>(j));
export const getGeography = () => cachedGet<Province[]>('/geography', (j) => rows<Province>(j));

// ---- pre-registration (enquiry) ----

/** Pre-registrations seen in this visit, so verify and draw need not ask again. */
const enquiries = new Map<string, Enquiry>();
export function rememberEnquiry(e: Enquiry) {
  enquiries.set(e.slug, e);
}

export async function getEnquiry(slug: string, fresh = false): Promise<Enquiry> {
  const known = enquiries.get(slug);
  if (known && !fresh) return known;
  const j = await request<{ data: Enquiry }>('GET', `/enquiry/${encodeURIComponent(slug)}`);
  rememberEnquiry(j.data);
  return j.data;
}

/** POST /enquiry: multipart of the non-empty fields only. */
export async function createEnquiry(
  fields: Record<string, string | Blob | null | undefined>,
): Promise<{ data: Enquiry; message?: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined || value === '') continue;
    if (value instanceof File) form.append(key, value, value.name);
    else form.append(key, value);
  }
  const j = await request<{ data: Enquiry; message?: string }>('POST', '/enquiry', form);
  rememberEnquiry(j.data);
  return j;
}

// ---- the public proof of the draws (docs/fairness.md) ----

export type PublicDayAnswer = DomainDayAnswer & {
  totals?: { tiers: Array<{ type: string; amount: number; planned: number; awarded: number; left: number }>; base_prizes: Array<{ amount: number; awarded: number }> } | null;
  /** The day's link of the chain (docs/fairness.md, "The chain"). */
  prev_hash: string | null;
  sealed: SealedDay[];
  commitment_hash: string;
  /** The first 20 hex characters of the commitment hash: what the prize SMS and dialog carry. */
  fingerprint: string;
  closing: boolean;
};
export const getFairnessDays = () => request<{ data: PublicDayAnswer[] }>('GET', '/fairness').then((j) => j.data);
export const getFairnessDay = (day: string) => request<{ data: PublicDayAnswer }>('GET', `/fairness/days/${encodeURIComponent(day)}`).then((j) => j.data);
/** GET /fairness/chain: every commitment, oldest first; `head` is the newest one's commitment hash. */
export const getFairnessChain = () => request<{ data: ChainLink[]; head: string | null }>('GET', '/fairness/chain');
export const getFairnessDraw = (id: string) =>
  request<{ data: { draw: PublicDraw; day: PublicDayAnswer } }>('GET', `/fairness/draws/${encodeURIComponent(id)}`).then((j) => j.data);

/**
 * POST /enquiry/{slug}/verify: answers the record the code opened. That is the slug's own
 * record, or, when the phone was already registered, the phone's existing record: the
 * enquiry made a pending claim whose right code opens it (issue #32). Follow `slug` of the answer.
 */
export async function verifyEnquiry(slug: string, code: string): Promise<Enquiry> {
  const j = await request<{ data: Enquiry }>('POST', `/enquiry/${encodeURIComponent(slug)}/verify`, { code });
  const opened = { ...enquiries.get(j.data.slug), ...j.data } as Enquiry;
  rememberEnquiry(opened);
  return opened;
}

export function resendCode(slug: string): Promise<{ message?: string }> {
  return request('POST', `/enquiry/${encodeURIComponent(slug)}/resend`, {});
}

// ---- the way back: phone, then phone + code ----

/** POST /enquiry/return: the same answer whether or not the phone is registered. */
export function requestReturnCode(phone: string, captcha?: string): Promise<{ message?: string }> {
  return request('POST', '/enquiry/return', captcha ? { phone, 'g-recaptcha-response': captcha } : { phone });
}

/** POST /enquiry/return/verify: a right code answers the record (verified and drawn). */
export async function verifyReturn(phone: string, code: string): Promise<Enquiry> {
  const j = await request<{ data: Enquiry }>('POST', '/enquiry/return/verify', { phone, code });
  rememberEnquiry(j.data);
  return j.data;
}

// ---- test ride / bike booking ----

export function createTestRide(body: TestRideBody): Promise<{ data: unknown; message?: string }> {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined && v !== null));
  return request('POST', '/test-ride', clean);
}
