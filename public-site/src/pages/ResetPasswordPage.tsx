import { getSettings } from '../api';
import { SiteHeader } from '../components/Layout';
import { useData } from '../useData';

/** `/reset-password`: an empty placeholder (SPEC section 2). */
export default function ResetPasswordPage() {
  const settings = useData(getSettings).data;
  return (
    <>
      <SiteHeader settings={settings} />
      <main id="main" className="page narrow" aria-label="Reset password" />
    </>
  );
}
