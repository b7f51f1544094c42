// The central instance's own location: every monitor's default, and the one a heartbeat monitor has.
// Apart from the shapes so the web UI and the probe can import the value without typebox.
export const LOCAL_LOCATION_ID = 'local';
