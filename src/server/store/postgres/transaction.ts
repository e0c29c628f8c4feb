import type { Pool, PoolClient } from "pg";

/** A connection dropped between two statements of a transaction: the next statement fails with it. */
const ignoreDrop = () => undefined;

export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // pg-pool listens for errors only on idle connections; one checked out here that the server drops
  // while no statement is running would otherwise emit an unhandled 'error' and end the process.
  client.on("error", ignoreDrop);
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.removeListener("error", ignoreDrop);
    client.release();
  }
}
