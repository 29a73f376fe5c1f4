import VerifyDialog from '../components/VerifyDialog';

/** `/enquiry/{slug}/verify`: the Verify OTP dialog over the landing page. */
export default function VerifyPage({ slug }: { slug: string }) {
  return <VerifyDialog slug={slug} />;
}
