// A separate process that runs the report schedules once and kills itself with SIGKILL (kill -9) at
// CRASH_AT of schedule CRASH_SCHEDULE: what a crashed instance leaves behind is the database's alone.
import { readConfig } from '../../src/config.js';
import { runDueSchedules } from '../../src/operations/reports/schedule-runner.js';
import { createServer } from '../../src/server.js';

const server = await createServer(
  readConfig({
    DATA_DIR: process.env.REPORT_DATA_DIR!,
    ...(process.env.REPORT_DATABASE_URL ? { DATABASE_URL: process.env.REPORT_DATABASE_URL } : {}),
    LOG_LEVEL: 'silent',
  }),
  { startEngine: false, outbox: { start: false } },
);
await runDueSchedules({ ...server.ctx }, Number(process.env.REPORT_NOW), (point, id) => {
  if (point === process.env.CRASH_AT && id === Number(process.env.CRASH_SCHEDULE))
    process.kill(process.pid, 'SIGKILL');
});
// Not reached when it crashed.
await server.close();
