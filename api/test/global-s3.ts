import type { TestProject } from 'vitest/node';
import { startS3 } from './s3.js';

/** With TEST_STORAGE=s3, one S3 server for the run; every test file's apps store in it (helpers.ts). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_STORAGE !== 's3') return;
  const s3 = await startS3();
  project.provide('s3Endpoint', s3.endpoint);
  return s3.stop;
}
