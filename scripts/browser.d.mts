export function isExecutable(file: string): boolean;
export function playwrightChromium(): Promise<string | undefined>;
export function findChromiumSync(
  env: Record<string, string | undefined>,
  playwrightPath: string | undefined,
): { path: string; source: string } | undefined;
export function findChromium(env?: Record<string, string | undefined>): Promise<{ path: string; source: string } | undefined>;
