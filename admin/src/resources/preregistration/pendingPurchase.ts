/** SPEC section 5: the citizenship_no error that links to the other pre-registration. */
export const PENDING_PURCHASE = 'This citizenship/pan has pending purchase.';

/** The slug of the pre-registration with the pending purchase: the error's second element. */
export function pendingPurchaseSlug(messages: Record<string, unknown> | undefined): string | null {
  const list = messages?.citizenship_no;
  if (!Array.isArray(list) || list[0] !== PENDING_PURCHASE) return null;
  return typeof list[1] === 'string' && list[1] ? list[1] : null;
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

export function toPayload(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of FIELDS) if (k in values) out[k] = values[k];
  const shot = values.screenshot as { rawFile?: unknown } | null | undefined;
  if (values.shared && shot && typeof shot === 'object' && shot.rawFile) out.screenshot = shot;
  return out;
}
