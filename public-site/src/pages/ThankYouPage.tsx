import ThankYouDialog from '../components/ThankYouDialog';

/** `/thankyou-for-test-ride-booking`: the thank-you dialog over the landing page. */
export default function ThankYouPage() {
  return <ThankYouDialog />;
}
