import { buildApp } from './app.js';
import { loadConfig } from './config.js';

// buildApp applies migrations and the idempotent seed; this runs them without listening.
const app = await buildApp({ ...loadConfig(), seed: true, logLevel: 'warn' });
await app.close();
console.log('seed done');
