export { artifactPath, CHROMIUM_PATH, launchChromium, needChromium } from './browser.js';
export { type TestDatabaseTarget, testDatabases, testPostgresUrl } from './databases.js';
export { freePort, runService, type ServiceProcess } from './process.js';
export { isCI, missing, needTool } from './tools.js';
