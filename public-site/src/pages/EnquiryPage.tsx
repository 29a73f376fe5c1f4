import EnquiryDialog from '../components/EnquiryDialog';

/** `/enquiry`: the pre-registration dialog over the landing page. */
export default function EnquiryPage() {
  return <EnquiryDialog />;
}
