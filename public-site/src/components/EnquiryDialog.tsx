import { digitsOf, filterAddress, filterPersonName, mobileDigits, newClientSeed, PERSON_NAME_MAX, sourceLabel, SOURCES } from '@campaign/domain';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createEnquiry, getBikeModels, getBranches, getPrizes, getSettings } from '../api';
import { DIALOG_TITLE } from '../constants';
import { filterEmail, phoneProblem } from '../filters';
import { isImage, prepareScreenshot } from '@campaign/domain/browser';
import { markCodeSent } from '../resendClock';
import { clearDraft, entryMark, markEntry, navigate, readDraft, saveDraft } from '../router';
import { useData } from '../useData';
import { utmSource } from '../utm';
import { Captcha, type CaptchaHandle } from './Captcha';
import { FileField, focusFirstError, FormAlert, formAnswer, SelectField, TextField } from './Field';
import { Modal } from './Modal';
import { ConsentLine } from './ConsentLine';
import { day, lang, named, t, type Text } from '../i18n';

interface Form {
  name: string;
  address: string;
  phone: string;
  citizenship_no: string;
  email: string;
  bike_model_id: string;
  source: string;
  roadie: string;
  nearest_branch_id: string;
  shared: boolean;
  screenshot: File | null;
}
const EMPTY: Form = {
  name: '',
  address: '',
  phone: '',
  citizenship_no: '',
  email: '',
  bike_model_id: '',
  source: '',
  roadie: '',
  nearest_branch_id: '',
  shared: false,
  screenshot: null,
};
type Errors = Partial<Record<keyof Form | 'captcha', string>>;

/**
 * Back from the code dialog returns to this form with what was typed: the fields are kept for the
 * tab's life under the form's route (readDraft in router.ts), and the code dialog clears them once
 * the code is verified. Not the screenshot (a file cannot be kept) nor the citizenship number (an
 * identity number is not left in the browser): those two are given again.
 */
const DRAFT = '/enquiry';
/** The history entry the form was sent from is marked with the new record's slug (markEntry). */
const SENT = 'enquirySent';
const KEPT = ['name', 'address', 'phone', 'email', 'bike_model_id', 'source', 'roadie', 'nearest_branch_id', 'shared'] as const;
const draftOf = (form: Form) => Object.fromEntries(KEPT.map((key) => [key, form[key]]));
/** The form as the draft left it: the kept fields only, each of its own type. */
function restored(): Form {
  const draft = readDraft(DRAFT) ?? {};
  const form: Form = { ...EMPTY };
  for (const key of KEPT) if (typeof draft[key] === typeof EMPTY[key]) Object.assign(form, { [key]: draft[key] });
  return form;
}

/** Client-side filter per field (filters.ts). */
const FILTERS: Partial<Record<keyof Form, (v: string) => string>> = {
  name: filterPersonName,
  address: filterAddress,
  phone: mobileDigits,
  citizenship_no: digitsOf,
  email: filterEmail,
};

const REQUIRED: [keyof Form, Text][] = [
  ['name', 'Full Name is required.'],
  ['phone', 'Phone Number is required.'],
  ['bike_model_id', 'Bike Model is required.'],
  ['source', 'Where did you hear about us is required.'],
  ['nearest_branch_id', 'Your nearest showroom is required.'],
];

/** `/enquiry`: 'Registration for the campaign 2082', the public pre-registration form. */
export default function EnquiryDialog() {
  const settings = useData(getSettings).data;
  const models = useData(getBikeModels).data;
  const branches = useData(getBranches).data;
  const prizes = useData(getPrizes).data;
  // Back to the entry this form was sent from, after its code was verified (which cleared the
  // draft): nothing is left to fill in, so Back goes on to the landing page, never to the form
  // again (nor, through the code dialog, to the wheel). Read before this visit keeps a draft.
  const [finished] = useState(() => entryMark(SENT) !== undefined && readDraft(DRAFT) === null);
  const [form, setForm] = useState<Form>(restored);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const captcha = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const siteKey = settings?.captcha_site_key || '';

  const sources = settings?.options?.sources?.length ? settings.options.sources : SOURCES;
  const roadies = settings?.options?.roadies ?? [];
  const modelChoices = useMemo(() => (models ?? []).map((m) => ({ value: String(m.id), label: named(m.title, m.title_ne) })), [models]);
  const branchChoices = useMemo(() => (branches ?? []).map((b) => ({ value: String(b.id), label: named(b.title, b.title_ne) })), [branches]);

  useEffect(() => {
    if (finished) navigate('/', { replace: true });
    else saveDraft(DRAFT, draftOf(form));
  }, [finished, form]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    const filter = FILTERS[key];
    const v = (filter && typeof value === 'string' ? filter(value) : value) as Form[K];
    setForm((f) => ({ ...f, [key]: v }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const text = (key: keyof Form) => ({
    name: key,
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
  });

  const close = () => navigate('/');
  const reset = () => {
    setForm(EMPTY);
    clearDraft(DRAFT);
    setErrors({});
    setAlert('');
    setFileKey((k) => k + 1);
    captcha.current?.reset();
    navigate('/');
  };

  const validate = (): Errors => {
    const e: Errors = {};
    for (const [key, message] of REQUIRED) if (!String(form[key]).trim()) e[key] = t(message);
    // A number that cannot be a Nepal mobile is said at once, the server's words, never put to the confirm dialog.
    const badPhone = !e.phone && phoneProblem(form.phone);
    if (badPhone) e.phone = t(badPhone);
    if (form.shared && form.screenshot && !isImage(form.screenshot)) e.screenshot = t('The screenshot must be an image.');
    if (siteKey && captcha.current?.rendered() && !captcha.current.getResponse()) e.captcha = t('Please confirm that you are not a robot.');
    return e;
  };

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    setAlert('');
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return focusFirstError(formRef.current);
    setConfirming(true);
    void import('../pages/VerifyPage'); // warm the next step while the visitor checks the phone
  };

  const save = async () => {
    setSaving(true);
    try {
      const screenshot = form.shared && form.screenshot ? await prepareScreenshot(form.screenshot) : null;
      const { data } = await createEnquiry({
        name: form.name.trim(),
        address: form.address.trim(),
        phone: mobileDigits(form.phone),
        citizenship_no: form.citizenship_no,
        email: form.email,
        bike_model_id: form.bike_model_id,
        source: form.source,
        roadie: form.roadie,
        nearest_branch_id: form.nearest_branch_id,
        shared: form.shared ? 'true' : 'false', // the visitor's choice either way: unticked means not shared
        screenshot,
        'g-recaptcha-response': siteKey ? captcha.current?.getResponse() : '',
        utm_source: utmSource(),
        // The visitor's own seed for the provably fair draw (docs/fairness.md).
        client_seed: newClientSeed(),
      });
      markCodeSent(data.slug);
      // This entry is the form that was sent: Back from the code dialog comes back to it, and its draft.
      markEntry(SENT, data.slug);
      navigate(`/enquiry/${encodeURIComponent(data.slug)}/verify`);
    } catch (err) {
      setConfirming(false);
      setSaving(false);
      captcha.current?.reset();
      showServerErrors(err);
    }
  };

  const showServerErrors = (err: unknown) => {
    const answer = formAnswer(err, (field) => (field in EMPTY && (field !== 'roadie' || roadies.length > 0) ? field : undefined));
    setErrors(answer.errors as Errors);
    setAlert(answer.alert);
    focusFirstError(formRef.current);
  };

  if (finished) return null;

  // After the campaign's last day the form is closed (the server refuses it too, with the same words).
  if (prizes?.ended && prizes.campaign_ends_on) {
    return (
      <Modal title={t(DIALOG_TITLE)} onClose={close} closeButton>
        <p className="note" role="status">
          {t('The campaign ended on {day}: registrations and prize draws are closed. Test rides can still be booked.', { day: day(prizes.campaign_ends_on) })}
        </p>
      </Modal>
    );
  }

  return (
    <Modal title={t(DIALOG_TITLE)} onClose={close} closeButton>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <TextField label={t('Full Name*')} {...text('name')} required autoComplete="name" maxLength={PERSON_NAME_MAX} />
        <TextField label={t('Address')} {...text('address')} autoComplete="street-address" maxLength={255} />
        <TextField label={t('Phone Number*')} {...text('phone')} required type="tel" inputMode="numeric" autoComplete="tel-national" />
        <TextField label={t('Citizenship No/PAN')} {...text('citizenship_no')} inputMode="numeric" />
        <TextField label={t('Email')} {...text('email')} type="email" inputMode="email" autoComplete="email" maxLength={191} />
        <SelectField label={t('Bike Model*')} {...text('bike_model_id')} required placeholder={t('Select a bike model')} options={modelChoices} />
        <SelectField
          label={t('Where did you hear about us*')}
          {...text('source')}
          required
          placeholder={t('Select one')}
          options={sources.map((s) => ({ value: s, label: sourceLabel(s, lang()) }))}
        />
        {roadies.length > 0 && (
          <SelectField
            label={t('Favorite Roadie')}
            {...text('roadie')}
            placeholder={t('Select a roadie')}
            options={roadies.map((r) => ({ value: r, label: r }))}
          />
        )}
        <SelectField
          label={t('Your nearest showroom*')}
          {...text('nearest_branch_id')}
          required
          placeholder={t('Select a showroom')}
          options={branchChoices}
        />
        <label className="field check">
          <input type="checkbox" name="shared" checked={form.shared} onChange={(e) => set('shared', e.target.checked)} />
          <span>{t('Shared in social media')}</span>
        </label>
        {form.shared && (
          <FileField
            key={fileKey}
            label={t('Screenshot')}
            hint={t('A screenshot of your post (image).')}
            name="screenshot"
            accept="image/*"
            file={form.screenshot}
            error={errors.screenshot}
            onChange={(e) => set('screenshot', e.target.files?.[0] ?? null)}
          />
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
          <button type="button" className="btn btn-secondary" onClick={reset}>
            {t('Reset')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {t('Submit')}
          </button>
        </div>
        <ConsentLine />
      </form>
      {confirming && (
        <Modal title={t('Please Confirm Your Phone Number.')} onClose={() => !saving && setConfirming(false)} className="confirm">
          <p className="phone-big">{mobileDigits(form.phone)}</p>
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={saving}>
              {t('Go Back')}
            </button>
            <button type="button" className="btn btn-primary" onClick={save} disabled={saving} aria-busy={saving}>
              {t('Save and Notify')}
            </button>
          </div>
          {saving && (
            <p className="muted" role="status">
              {t('Saving…')}
            </p>
          )}
        </Modal>
      )}
    </Modal>
  );
}
