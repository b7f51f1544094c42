export { type TestDatabaseTarget, testDatabases, testPostgresUrl } from './databases.js';
export { isCI, missing, needTool } from './tools.js';
