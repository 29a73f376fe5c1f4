/** The fields whose error may name an earlier pre-registration of the same customer. */
export const LINKED_FIELDS = ['phone', 'citizenship_no'] as const;
export type LinkedField = (typeof LINKED_FIELDS)[number];

/** An error under a field that names the earlier record: its message and the record's slug. */
export interface EarlierRecord {
  message: string;
  slug: string;
}
export type EarlierRecords = Partial<Record<LinkedField, EarlierRecord>>;

/**
 * One pre-registration per customer: the server refuses a phone or a citizenship number
 * already used in the campaign with `[message, '<slug>']` when the staff may open the
 * earlier record (docs/decisions.md, "One pre-registration per customer"; the pending-purchase
 * error is one of them). Answers, per field, the message and the slug the View link opens.
 */
export function earlierRecords(messages: Record<string, unknown> | undefined): EarlierRecords {
  const out: EarlierRecords = {};
  for (const field of LINKED_FIELDS) {
    const list = messages?.[field];
    if (Array.isArray(list) && typeof list[0] === 'string' && typeof list[1] === 'string' && list[1]) out[field] = { message: list[0], slug: list[1] };
  }
  return out;
}

/** What the create and edit pages send: the DTO's fields, the screenshot only as a new file. */
const FIELDS = [
  'name',
  'address',
  'phone',
  'citizenship_no',
  'email',
  'bike_model_id',
  'source',
  'roadie',
  'nearest_branch_id',
  'shared',
  'note',
  'send_sms',
];

/**
 * The payload of the create page, and of the edit page (`edit`: it also carries branch_id,
 * which head office may change and branch staff send unchanged). A newly chosen
 * screenshot goes through `scale` first (720 x 1280 at 0.8, `@campaign/domain/browser`).
 */
export async function toPayload(
  values: Record<string, unknown>,
  { edit = false, scale }: { edit?: boolean; scale?: (file: File) => Promise<File> } = {},
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const k of edit ? [...FIELDS, 'branch_id'] : FIELDS) if (k in values) out[k] = values[k];
  const shot = values.screenshot as { rawFile?: unknown } | null | undefined;
  if (values.shared && shot && typeof shot === 'object' && shot.rawFile) {
    out.screenshot = scale && shot.rawFile instanceof File ? { ...shot, rawFile: await scale(shot.rawFile) } : shot;
  }
  return out;
}
