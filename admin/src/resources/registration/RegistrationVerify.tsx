import { CodeVerifyPage, REGISTRATION_INCORRECT } from '../../components/CodeVerifyPage';
import { recordPath } from '../../routing';

const toDetail = (slug: string) => recordPath('registration', slug);
const isVerified = (record: Record<string, unknown>) => !!(record.coupon as { verified?: boolean } | null)?.verified;

/**
 * /admin/registration/{slug}/verify: the coupon code the customer received, typed at key
 * hand-over; a new code is sent with POST /registration/{slug}/reset. The phone of a
 * registration cannot change, so there is no Change Phone Number here.
 */
export const RegistrationVerify = () => (
  <CodeVerifyPage resource="registration" resendAction="reset" incorrectText={REGISTRATION_INCORRECT} next={toDetail} isDone={isVerified} />
);
