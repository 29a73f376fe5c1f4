import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../i18n';

interface Props {
  title: ReactNode;
  /** Escape, the close button and (when given) a click on the backdrop call this. */
  onClose: () => void;
  children: ReactNode;
  /** Show a close button in the corner (leave it out where the dialog has its own Close/Cancel). */
  closeButton?: boolean;
  className?: string;
  /** Element id of a description read with the title. */
  describedBy?: string;
  lang?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind inert, traps focus,
 * and gives Escape; the title names the dialog for screen readers.
 */
export function Modal({ title, onClose, children, closeButton = false, className, describedBy, lang }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      lang={lang}
      onCancel={(e) => {
        e.preventDefault();
        closeRef.current();
      }}
    >
      <div className="modal-head">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {closeButton && (
          <button type="button" className="icon-btn" aria-label={t('Close')} onClick={() => closeRef.current()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      {children}
    </dialog>
  );
}
