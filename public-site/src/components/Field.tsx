import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ApiError } from '../api';
import { t } from '../i18n';

interface Common {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A field's label and hint (the hint named `${id}-hint` for aria-describedby). */
function LabelAndHint({ id, label, hint }: { id: string; label: ReactNode; hint?: ReactNode }) {
  return (
    <>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="muted">
          {hint}
        </span>
      )}
    </>
  );
}

/** A field's error under it (named `${id}-err`). */
function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-err`} className="error">
      {error}
    </p>
  ) : null;
}

/** Labelled input with its error under it, tied together for screen readers. */
export function TextField({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <LabelAndHint id={id} label={label} hint={hint} />
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A picture to upload, its button and "nothing chosen" in the visitor's language: the
 * browser's own file input writes "Choose File / No file chosen" in the browser's language,
 * English on most phones, whatever the page's. The input stays in the page (visually
 * hidden, focusable) so keyboards, screen readers and tests use it as before.
 */
export function FileField({
  label,
  error,
  hint,
  file,
  ...input
}: Common & { file: File | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  const described = [`${id}-chosen`, hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <LabelAndHint id={id} label={label} hint={hint} />
      <div className="file-pick">
        <input id={id} type="file" className="file-input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
        <label htmlFor={id} className="btn btn-secondary" aria-hidden="true">
          {t('Choose a picture')}
        </label>
        <span id={`${id}-chosen`} className="muted file-chosen">
          {file ? file.name : t('No picture chosen')}
        </span>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** Labelled select with a first empty choice and its error under it. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  ...select
}: Common & { options: Choice[]; placeholder: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...select}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <span id={`${id}-hint`} className="muted" role="status">
          {hint}
        </span>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Focus the first field marked invalid inside `root` (after errors are shown). */
export function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    // A field's message first; else the form's own (a refusal with no field, such as the per-address limit).
    const el = root?.querySelector<HTMLElement>('[aria-invalid=true], .captcha-field .error') ?? root?.querySelector<HTMLElement>('.alert');
    el?.focus?.();
    el?.scrollIntoView?.({ block: 'center' });
  });
}

/**
 * A form's message that belongs to no field (the per-address limit, the campaign's end):
 * shown beside the buttons the visitor just pressed, where it is seen on a phone, and
 * focusable so focusFirstError can bring it into view. At the top of a long form it sat
 * scrolled out of sight and Submit seemed dead.
 */
export function FormAlert({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="alert" role="alert" tabIndex={-1}>
      {text}
    </p>
  );
}

/**
 * A refused form's answer: each message under its field where the form has one (`fieldOf`
 * names it, the captcha's under `captcha`), the others for FormAlert; a refusal with no
 * field says its message there.
 */
export function formAnswer(err: unknown, fieldOf: (name: string) => string | undefined): { errors: Record<string, string>; alert: string } {
  if (!(err instanceof ApiError)) return { errors: {}, alert: t('Something went wrong. Please try again.') };
  const errors: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(err.errors)) {
    const first = Array.isArray(messages) ? messages[0] : String(messages);
    if (!first) continue;
    const name = field === 'g-recaptcha-response' || field === 'captcha' ? 'captcha' : fieldOf(field);
    if (name) errors[name] = first;
    else other.push(first);
  }
  return { errors, alert: other.length ? other.join(' ') : Object.keys(errors).length ? '' : err.message };
}

