// Before each test file. Files share a worker's modules (vitest.config.ts, isolate: false), so
// what must be one per file starts afresh here: the file's database on PostgreSQL, its bucket on S3.
import { forgetFileDatabase } from './helpers.js';
import { forgetFileStorage } from './s3.js';

forgetFileDatabase();
forgetFileStorage();
