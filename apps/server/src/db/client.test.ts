import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL client', () => {
  it('survives a connection dropped in the middle of a transaction', async () => {
    const database = await openTestDatabase('postgres');
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        }),
      ).rejects.toThrow();
      // The process is still here, and the pool hands out a working connection.
      await new Promise((r) => setTimeout(r, 100));
      await database.ping();
    } finally {
      await database.close();
    }
  });
});
