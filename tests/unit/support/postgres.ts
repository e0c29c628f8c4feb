import { POSTGRES_MISSING, postgresAvailable } from "../../support/postgres";

/**
 * `describe` for tests that need a real PostgreSQL server (tests/support/postgres.ts), decided when
 * the test file loads:
 * - PostgreSQL found (or TEST_DATABASE_URL set): the tests run;
 * - missing on a developer machine: the tests are skipped, the reason in their title and on the
 *   console, so the summary counts them as skipped rather than passed;
 * - missing in CI (CI set): one failing test says so. CI installs PostgreSQL (.ci/run), so a
 *   missing server there is a broken setup, not a reason to pass without testing the store.
 */
export function describeWithPostgres(name: string, body: () => void): void {
  if (postgresAvailable()) {
    describe(name, body);
  } else if (process.env.CI) {
    describe(name, () => {
      test("PostgreSQL is installed, as CI requires", () => {
        throw new Error(`${POSTGRES_MISSING} CI must run the PostgreSQL tests; install it (.ci/run does).`);
      });
    });
  } else {
    console.warn(`Skipping "${name}": ${POSTGRES_MISSING}`);
    describe.skip(`${name} [skipped: ${POSTGRES_MISSING}]`, body);
  }
}
