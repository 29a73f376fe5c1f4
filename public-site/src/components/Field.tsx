import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface Common {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** Labelled input with its error under it, tied together for screen readers. */
export function TextField({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="muted">
          {hint}
        </span>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p id={`${id}-err`} className="error">
          {error}
        </p>
      )}
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
      {error && (
        <p id={`${id}-err`} className="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Focus the first field marked invalid inside `root` (after errors are shown). */
export function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid=true], .captcha-field .error');
    el?.focus?.();
    el?.scrollIntoView?.({ block: 'center' });
  });
}
