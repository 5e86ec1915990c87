// kill -9 during a purchase load on PGlite: the restart reuses the crashed process's DATA_DIR.
import { describe } from 'vitest';
import { purchaseCrashTest } from './purchase-crash.ts';

describe('kill -9 during a purchase load on pglite', () => purchaseCrashTest('pglite'));
