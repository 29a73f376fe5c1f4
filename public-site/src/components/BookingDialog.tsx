import { bookingTypeOptions, filterPersonName, mobileDigits, PERSON_NAME_MAX } from '@campaign/domain';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { createTestRide, getBikeModels, getBranches, getGeography, getSettings } from '../api';
import { branchesFor, citiesOf, districtsOf, geographyFromBranches, nepaliNames, pickBranch, type BranchChoice, type BranchLike, type Place, type Province } from '../cascade';
import { phoneProblem } from '../filters';
import { navigate } from '../router';
import { useData } from '../useData';
import { utmSource } from '../utm';
import { Captcha, type CaptchaHandle } from './Captcha';
import { focusFirstError, FormAlert, formAnswer, SelectField, TextField } from './Field';
import { Modal } from './Modal';
import { lang, named, t, type Text } from '../i18n';
import { ConsentLine } from './ConsentLine';

interface Form {
  type: string;
  name: string;
  state: string;
  district: string;
  city: string;
  email: string;
  phone: string;
  bike_model_id: string;
  branch_id: string;
}
const EMPTY: Form = {
  type: 'TESTRIDE',
  name: '',
  state: '',
  district: '',
  city: '',
  email: '',
  phone: '',
  bike_model_id: '',
  branch_id: '',
};
type Errors = Partial<Record<keyof Form | 'captcha', string>>;

/** What a field keeps of what is typed: the server's own rules (@campaign/domain); a phone as a Nepali keyboard types it or as pasted (+977, spaces) keeps its ten Latin digits. */
const FILTERS: Partial<Record<keyof Form, (v: string) => string>> = { name: filterPersonName, phone: mobileDigits };

const REQUIRED: [keyof Form, Text][] = [
  ['name', 'Full Name is required.'],
  ['state', 'State is required.'],
  ['district', 'District is required.'],
  ['city', 'City is required.'],
  ['phone', 'Phone is required.'],
  ['bike_model_id', 'Model is required.'],
  ['branch_id', 'Branch is required.'],
];

const toChoices = (names: Place[]) => names.map((p) => ({ value: p.name, label: named(p.name, p.name_ne) }));

/** A chosen place's names as the visitor reads them. */
function placeNames(geo: Province[], place: { state?: string; district?: string; city?: string }) {
  const ne = nepaliNames(geo, place);
  return { state: named(place.state ?? '', ne.state), district: named(place.district ?? '', ne.district), city: named(place.city ?? '', ne.city) };
}

/** Says where the offered branches come from when the chosen place has none. */
function fallbackNote(choice: BranchChoice<BranchLike>, geo: Province[], form: Form): string {
  const f = placeNames(geo, form);
  if (choice.wanted === 'city' && !choice.branches.length) {
    return t(choice.nearby.length ? 'No showroom in {place} yet. Choose a city nearby that has one:' : 'No showroom in {place} yet.', { place: f.city });
  }
  if (choice.scope === choice.wanted) return '';
  const place = choice.wanted === 'district' ? t('{name} district', { name: f.district }) : t('{name} province', { name: f.state });
  if (choice.scope === 'state') return t('No showroom in {place} yet. Showing the showrooms of {state} province.', { place, state: f.state });
  return t('No showroom in {place} yet. Showing all showrooms.', { place });
}

/**
 * 'Book a Rides': test-ride or bike booking, opened from the landing page (no route of its own);
 * from a model's card in the showcase, with that model chosen.
 */
export default function BookingDialog({ onClose, modelId }: { onClose: () => void; modelId?: number }) {
  const settings = useData(getSettings).data;
  const geography = useData(getGeography);
  const models = useData(getBikeModels).data ?? [];
  const branchData = useData(getBranches).data;
  const branches = useMemo(() => branchData ?? [], [branchData]);
  const [form, setForm] = useState<Form>(() => (modelId ? { ...EMPTY, bike_model_id: String(modelId) } : EMPTY));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [loading, setLoading] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const siteKey = settings?.captcha_site_key || '';

  const geo = useMemo(
    () => (geography.data?.length ? geography.data : geography.loading ? [] : geographyFromBranches(branches)),
    [geography.data, geography.loading, branches],
  );
  const types = settings?.options?.booking_types?.length
    ? settings.options.booking_types
    : bookingTypeOptions(settings?.brand_name || 'Bike');
  const choice = branchesFor(branches, form);

  const update = (patch: Partial<Form>) => {
    setForm((f) => {
      const next = { ...f, ...patch };
      const placeChanged = 'state' in patch || 'district' in patch || 'city' in patch;
      if (placeChanged) {
        const offered = branchesFor(branches, next);
        // A chosen city pre-selects its first branch; otherwise keep the choice if still offered.
        next.branch_id = pickBranch(offered, 'city' in patch ? '' : f.branch_id, !!next.city);
      }
      return next;
    });
    setErrors((e) => {
      const keys = Object.keys(patch) as (keyof Form)[];
      return keys.some((k) => e[k]) ? { ...e, ...Object.fromEntries(keys.map((k) => [k, undefined])) } : e;
    });
  };
  const bind = (key: keyof Form) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => update({ [key]: (FILTERS[key] ?? ((v: string) => v))(e.target.value) }),
  });

  const validate = (): Errors => {
    const e: Errors = {};
    for (const [key, message] of REQUIRED) if (!form[key].trim()) e[key] = t(message);
    // As on the enquiry form: a number that cannot be a Nepal mobile is said at once, before the request.
    const badPhone = !e.phone && phoneProblem(form.phone);
    if (badPhone) e.phone = t(badPhone);
    const email = formRef.current?.elements.namedItem('email') as HTMLInputElement | null;
    if (form.email && email && !email.validity.valid) e.email = t('Please enter a valid email address.');
    return e;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setAlert('');
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return focusFirstError(formRef.current);
    setLoading(true);
    try {
      await createTestRide({
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        state: form.state,
        district: form.district,
        city: form.city,
        branch_id: Number(form.branch_id),
        bike_model_id: Number(form.bike_model_id),
        type: form.type,
        utm_source: utmSource(),
        'g-recaptcha-response': siteKey ? captcha.current?.getResponse() : '',
      });
      onClose();
      navigate('/thankyou-for-test-ride-booking');
    } catch (err) {
      setLoading(false);
      captcha.current?.reset();
      const answer = formAnswer(err, (field) => (field in EMPTY ? field : undefined));
      setErrors(answer.errors as Errors);
      setAlert(answer.alert);
      focusFirstError(formRef.current);
    }
  };

  return (
    <Modal title={t('Book a Rides')} onClose={onClose} closeButton>
      <form ref={formRef} onSubmit={submit} noValidate>
        <fieldset className="radio-group">
          <legend className="label">{t('Booking type')}</legend>
          {types.map((type) => (
            <label key={type.value}>
              <input type="radio" name="type" value={type.value} checked={form.type === type.value} onChange={() => update({ type: type.value })} />
              {type.value === 'TESTRIDE' ? t('Book a Testride') : lang() === 'ne' ? t('Book a bike') : type.label}
            </label>
          ))}
        </fieldset>
        <TextField label={t('Full Name*')} {...bind('name')} required autoComplete="name" maxLength={PERSON_NAME_MAX} />
        <SelectField
          label={t('State*')}
          {...bind('state')}
          onChange={(e) => update({ state: e.target.value, district: '', city: '' })}
          required
          placeholder={geography.loading ? t('Loading…') : t('Select State')}
          options={toChoices(geo)}
        />
        <SelectField
          label={t('District*')}
          {...bind('district')}
          onChange={(e) => update({ district: e.target.value, city: '' })}
          required
          placeholder={t('Select District')}
          options={toChoices(districtsOf(geo, form.state))}
        />
        <SelectField
          label={t('City*')}
          {...bind('city')}
          required
          placeholder={t('Select City')}
          options={toChoices(citiesOf(geo, form.state, form.district))}
        />
        <TextField label={t('Email')} {...bind('email')} type="email" inputMode="email" autoComplete="email" maxLength={191} />
        <TextField label={t('Phone*')} {...bind('phone')} required type="tel" autoComplete="tel" maxLength={20} />
        <SelectField
          label={t('Model*')}
          {...bind('bike_model_id')}
          required
          placeholder={t('Select Model')}
          options={models.map((m) => ({ value: String(m.id), label: named(m.title, m.title_ne) }))}
        />
        <SelectField
          label={t('Branch*')}
          {...bind('branch_id')}
          required
          placeholder={t('Select Branch')}
          options={choice.branches.map((b) => ({ value: String(b.id), label: named(b.title, b.title_ne) }))}
          hint={fallbackNote(choice, geo, form) || undefined}
        />
        {choice.nearby.length > 0 && (
          <ul className="nearby" aria-label={t('Cities nearby with a showroom')}>
            {choice.nearby.map((p) => (
              <li key={`${p.district}|${p.city}`}>
                <button type="button" className="chip" onClick={() => update({ district: p.district, city: p.city })}>
                  {(({ city, district }) => (p.district === form.district ? city : `${city}, ${district}`))(placeNames(geo, { state: form.state, ...p }))}
                </button>
              </li>
            ))}
          </ul>
        )}
        {siteKey && (
          <Captcha
            siteKey={siteKey}
            handle={captcha}
            error={errors.captcha}
            onChange={() => errors.captcha && setErrors((e) => ({ ...e, captcha: undefined }))}
          />
        )}
        <FormAlert text={alert} />
        <div className="actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={loading} aria-busy={loading}>
            {t('Submit')}
          </button>
        </div>
        <ConsentLine />
      </form>
    </Modal>
  );
}
