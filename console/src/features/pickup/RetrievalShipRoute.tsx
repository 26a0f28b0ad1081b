import { useSearchParams } from 'react-router-dom';
import RetrievalShipPage from './RetrievalShipPage';

/* /order/send for retrieval orders (type 1) until the order ship page, which renders
 * RetrievalShipPage for type 1, takes the path over. */
export default function RetrievalShipRoute() {
  const [search] = useSearchParams();
  return <RetrievalShipPage id={search.get('id') ?? ''} />;
}
