// kill -9 during a purchase load on PostgreSQL (a fresh database on TEST_DATABASE_URL's server).
import { describe } from 'vitest';
import { purchaseCrashTest } from './purchase-crash.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('kill -9 during a purchase load on postgres', () =>
  purchaseCrashTest('postgres'),
);
