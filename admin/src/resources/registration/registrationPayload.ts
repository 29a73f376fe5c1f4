/** The fields the registration form writes (CreateRegistrationDto); the phone is the pre-registration's and is not sent. */
const FIELDS = [
  'preregistration_id',
  'bill_no',
  'name',
  'address',
  'citizenship_no',
  'email',
  'roadie',
  'shared',
  'bike_model_id',
  'engine_no',
  'chasis_no',
  'registration_no',
  'payment_mode',
  'note',
  'registration_id',
] as const;

export function toRegistrationPayload(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of FIELDS) if (k in values) out[k] = values[k];
  return out;
}

/** The form's starting values when a pre-registration is converted (the form is prefilled from it). */
export function prefillFromPreregistration(pre: Record<string, unknown>): Record<string, unknown> {
  return {
    preregistration_id: pre.slug ?? pre.id,
    name: pre.name ?? '',
    address: pre.address ?? '',
    citizenship_no: pre.citizenship_no ?? '',
    phone: pre.phone ?? '',
    email: pre.email ?? null,
    bike_model_id: pre.bike_model_id ?? null,
    roadie: pre.roadie ?? null,
    payment_mode: 'CASH',
    shared: false,
    note: '',
    registration_id: null,
  };
}
