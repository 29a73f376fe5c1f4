/**
 * The line under a public form's submit button: submitting is agreeing to the terms and the
 * privacy policy, and the server stores when and which terms with the record. The links open
 * the landing page's panels in a new tab, so the form being filled in stays as it is.
 */
export function ConsentLine() {
  return (
    <p className="consent">
      By submitting you agree to the{' '}
      <a href="/#terms" target="_blank" rel="noopener">
        Terms and Conditions
      </a>{' '}
      and the{' '}
      <a href="/#privacy-policy" target="_blank" rel="noopener">
        Privacy Policy
      </a>
      .
    </p>
  );
}
