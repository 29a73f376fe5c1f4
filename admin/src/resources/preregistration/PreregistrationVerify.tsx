import { CodeVerifyPage, PREREGISTRATION_INCORRECT } from '../../components/CodeVerifyPage';
import { recordPath } from '../../routing';

const toDraw = (slug: string) => `${recordPath('preregistration', slug)}/draw`;
const isVerified = (record: Record<string, unknown>) => !!record.is_verified;

/** /admin/preregistration/{slug}/verify: the code the customer received; success goes to the draw. */
export const PreregistrationVerify = () => (
  <CodeVerifyPage
    resource="preregistration"
    resendAction="resend"
    incorrectText={PREREGISTRATION_INCORRECT}
    next={toDraw}
    isDone={isVerified}
    canChangePhone
  />
);
