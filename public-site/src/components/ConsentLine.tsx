import { t, tx } from '../i18n';
/**
 * The line under a public form's submit button: submitting is agreeing to the terms and the
 * privacy policy, and the server stores when and which terms with the record. The links open
 * the landing page's panels in a new tab, so the form being filled in stays as it is.
 */
export function ConsentLine() {
  return (
    <p className="consent">
      {tx('By submitting you agree to the {terms} and the {policy}.', {
        terms: (
          <a href="/#terms" target="_blank" rel="noopener">
            {t('Terms and Conditions')}
          </a>
        ),
        policy: (
          <a href="/#privacy-policy" target="_blank" rel="noopener">
            {t('Privacy Policy')}
          </a>
        ),
      })}
    </p>
  );
}
