import ReturnDialog from '../components/ReturnDialog';

/** `/enquiry/return`: "Enter your code" over the landing page. */
export default function ReturnPage() {
  return <ReturnDialog />;
}
