// A backup during a purchase load on PGlite: the running server sends it through DATA_DIR/control.sock.
import { describe } from 'vitest';
import { backupUnderLoadTest } from './backup-under-load.ts';

describe('npm run backup during a purchase load on pglite', () => backupUnderLoadTest('pglite'));
