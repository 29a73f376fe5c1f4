import { t } from '../i18n';

/** `/reset-password`: an empty placeholder. */
export default function ResetPasswordPage() {
  return <div className="page narrow" aria-label={t('Reset password')} />;
}
