import http from "node:http";

/**
 * A POST of JSON from a chosen loopback address (127.0.0.2, 127.0.0.3, ...: Linux answers the whole
 * 127/8 on `lo`), so one test can be several visitors' connections to a server that counts by the
 * socket's address, with no proxy header to trust.
 */
export function postJsonFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload), Origin: target.origin, ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
