import { Link } from '../lib/router.js';
import { offlineText } from './location-format.js';
import { useLocations } from './location-store.js';

/** "1 location offline: Asia" on the dashboard, linking to the Locations page; nothing when all report. */
export function OfflineLocationsBanner() {
  const { offline } = useLocations();
  if (offline.length === 0) return null;
  return (
    <div className="notice notice-warn location-offline" role="status">
      <Link to="/locations">{offlineText(offline)}</Link>: their results do not count until they report again,
      and no monitor goes down because of them.
    </div>
  );
}
