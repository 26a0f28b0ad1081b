import { useSearchParams } from 'react-router-dom';
import RetrievalDetailPage from './RetrievalDetailPage';

/* /order/detail for retrieval orders (type 1) until the order detail page, which renders
 * RetrievalDetailPage for type 1, takes the path over. */
export default function RetrievalDetailRoute() {
  const [search] = useSearchParams();
  return <RetrievalDetailPage id={search.get('id') ?? ''} />;
}
