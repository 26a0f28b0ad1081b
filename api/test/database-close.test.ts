// Closing the API's database (a stop, a test's end) waits until its connections to the server are
// gone, so the database can be dropped or the server stopped at once without ending one of them
// under a client that is still closing it (an unhandled "terminating connection" error).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { copyDatabase, onServer } from '../src/snapshot.js';

const server = process.env.DATABASE_URL;

describe.skipIf(!server)('closing the database on a server', () => {
  it('leaves no connection of its own behind when close() returns', async () => {
    const url = await copyDatabase(server!, undefined);
    const name = new URL(url).pathname.slice(1);
    // Connected beforehand, so the count is read the moment close() returns.
    const probe = new pg.Client({ connectionString: server });
    await probe.connect();
    try {
      // A few rounds: a connection still closing is there for a moment only.
      const left: number[] = [];
      for (let round = 0; round < 5; round++) {
        const database = await openDatabase({ databaseUrl: url });
        // Several connections at once, as concurrent requests make.
        await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
        await database.close();
        const { rows } = await probe.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        left.push(rows[0].n);
      }
      expect(left).toEqual([0, 0, 0, 0, 0]);
    } finally {
      await probe.end();
      await onServer(server!, `drop database if exists ${name} with (force)`);
    }
  });
});
