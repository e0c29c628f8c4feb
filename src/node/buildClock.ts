/**
 * The instant a build treats as now: the machine's clock, or BUILD_TIME (ISO 8601 with its zone, e.g.
 * "2026-11-25T20:00:00Z") when set. `npm test` sets it so the sample content's workouts, events and
 * start dates stay ahead of or behind the build the way the tests expect, whatever the day CI runs;
 * a production build never needs it. An unusable value fails the build with one line, never a build
 * quietly dated today.
 */
export function buildNow(env: NodeJS.ProcessEnv = process.env): Date {
  const fixed = env.BUILD_TIME?.trim();
  if (!fixed) return new Date();
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(fixed) ? new Date(fixed) : new Date(NaN);
  if (Number.isNaN(at.getTime())) {
    throw new Error(`BUILD_TIME: "${fixed}" is not an ISO 8601 instant with its zone, e.g. 2026-11-25T20:00:00Z`);
  }
  return at;
}
