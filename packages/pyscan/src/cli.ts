// Kept so `node --import tsx src/cli.ts` and dist/cli.js go on working; the CLI lives in cli/.
import './cli/main.js';
