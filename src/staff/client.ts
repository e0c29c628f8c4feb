/**
 * The console's one way to the server: JSON to and from /api/staff/*, same-origin, never cached. A 401
 * anywhere means the session ended: the console goes back to its sign-in screen (see App.tsx).
 */
export interface Session {
  email: string;
  role: "owner" | "coach";
}

/** A refusal or failure, with the server's own sentence for the person at the screen. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The sentence for the person at the screen: the server's own, or what went wrong on the way. */
export function problemText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

const signedOutListeners = new Set<() => void>();

/** Called whenever a request finds the session gone (App shows the sign-in screen). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const OFFLINE = "The staff console cannot reach the server. Check the connection and try again.";

async function call<T>(method: "GET" | "POST", route: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/staff/${route}`, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, OFFLINE);
  }
  if (response.status === 401) for (const listener of signedOutListeners) listener();
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok) throw new ApiError(response.status, data?.error ?? `The server answered ${response.status}. Try again.`);
  return data as T;
}

/** GET /api/staff/<route>?<query>. */
export function getJson<T>(route: string, query: Record<string, string | undefined> = {}): Promise<T> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = params.toString();
  return call<T>("GET", search ? `${route}?${search}` : route);
}

/** POST /api/staff/<route> with a JSON body. */
export function postJson<T>(route: string, body: unknown): Promise<T> {
  return call<T>("POST", route, body);
}

/** The address a download (CSV, a privacy export) is fetched from: a plain link, so the browser saves it. */
export function downloadUrl(route: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `/api/staff/${route}?${params.toString()}`;
}
