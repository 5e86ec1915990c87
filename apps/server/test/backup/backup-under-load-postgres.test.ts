// A backup during a purchase load on PostgreSQL: the command reads one snapshot on its own connection.
import { describe } from 'vitest';
import { backupUnderLoadTest } from './backup-under-load.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('npm run backup during a purchase load on postgres', () =>
  backupUnderLoadTest('postgres'),
);
