// Locations as the API returns them: one declaration, shared with the service and the probe.
export type {
  LocationStatus,
  LocationVerdict,
  LocationView,
  LocationWithToken,
  MonitorLocationState,
} from '../../../src/shared-types/location-shapes.js';

import type { LocationView } from '../../../src/shared-types/location-shapes.js';

export { LOCAL_LOCATION_ID } from '../../../src/shared-types/location-ids.js';

/** What the views read: the list (local first, then by name), by id, and the offline ones. */
export interface LocationsSnapshot {
  list: LocationView[];
  byId: ReadonlyMap<string, LocationView>;
  offline: LocationView[];
  loaded: boolean;
  error: string | null;
}
