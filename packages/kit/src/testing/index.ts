export { artifactPath, CHROMIUM_PATH, launchChromium, needChromium } from './browser.js';
export { watchCsp } from './csp-watch.js';
export { type TestDatabaseTarget, testDatabases, testPostgresUrl } from './databases.js';
export { assertProblem, assertSecurityHeaders } from './edge-asserts.js';
export { freePort, processRunning, runService, type ServiceProcess } from './process.js';
export { type RawResponse, rawRequest } from './raw-http.js';
export { isCI, missing, needTool } from './tools.js';
