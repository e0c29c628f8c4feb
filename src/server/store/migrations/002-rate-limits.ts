import type { MigrationStep } from "./step";

export const rateLimits: MigrationStep = {
  version: 2,
  name: "rate limits",
  // The columns rate-limiter-flexible reads and writes (key, points, expire in epoch ms), in its order,
  // with the types its own table for each database has.
  sql: (t) => `
    CREATE TABLE rate_limits (
      key ${t.sqliteOr("TEXT", "VARCHAR(255)")} PRIMARY KEY,
      points INTEGER NOT NULL DEFAULT 0,
      expire ${t.sqliteOr("INTEGER", "BIGINT")}
    );
  `,
};
