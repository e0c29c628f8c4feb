import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleStaffRoute } from "../../../src/server/app/staff";
import { SESSION_COOKIE } from "../../../src/server/staff/auth";

/** What a staff route answered: its status, its headers (names in lower case) and its JSON body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface StaffRequest {
  method?: "GET" | "POST";
  /** The session token the browser's cookie carries; none for a signed-out request. */
  session?: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** The page's origin a browser sends with a POST. */
  origin?: string;
}

/**
 * One request to a staff route through its door (the guard), as the server runs it, with only the parts
 * of Express's request and response the guard and the routes use.
 */
export async function askStaffRoute(
  name: string,
  route: Parameters<typeof handleStaffRoute>[1],
  { method = "POST", session, body, query = {}, origin = "http://localhost" }: StaffRequest,
  now: Date,
): Promise<Answer> {
  const answer: Answer = { status: 200, headers: {}, body: undefined };
  const res = {
    setHeader: (header: string, value: string) => void (answer.headers[header.toLowerCase()] = value),
    status(code: number) {
      answer.status = code;
      return res;
    },
    json: (json: unknown) => void (answer.body = json),
    send: (sent: unknown) => void (answer.body = sent),
    end: () => undefined,
  };
  const req = {
    method,
    query,
    body: method === "POST" ? (body ?? {}) : undefined,
    headers: {
      host: new URL(origin).host,
      ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
      ...(method === "POST" ? { "content-type": "application/json", origin } : {}),
    },
    socket: { remoteAddress: "127.0.0.1" },
  };
  await handleStaffRoute(name, route, req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse, now);
  return answer;
}
