export const HEADLESS_SHELL: string;
export const TEST_BROWSER_ARGS: string[];
export function isExecutable(file: string): boolean;
export function playwrightChromium(): Promise<string | undefined>;
export interface FindOptions {
  /** For the tests: Debian's headless shell before the full browser. */
  headlessShell?: boolean;
}
export function findChromiumSync(
  env: Record<string, string | undefined>,
  playwrightPath: string | undefined,
  options?: FindOptions,
): { path: string; source: string } | undefined;
export function findChromium(
  env?: Record<string, string | undefined>,
  options?: FindOptions,
): Promise<{ path: string; source: string } | undefined>;
