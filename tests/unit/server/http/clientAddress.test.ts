import { clientAddress, NETLIFY_CLIENT_IP_HEADER, rateLimitKey } from "../../../../src/server/http/clientAddress";

const socket = (remoteAddress: string) => ({ remoteAddress });

describe("the client's address, as each host can vouch for it", () => {
  test("a direct connection is its socket, whatever X-Forwarded-For claims", () => {
    const req = { headers: { "x-forwarded-for": "198.51.100.1" }, socket: socket("203.0.113.9") };
    expect(clientAddress(req, false)).toBe("203.0.113.9");
  });

  test("behind a trusted proxy, the entry the proxy itself wrote: the last one", () => {
    // nginx sets the header to $remote_addr; a proxy that appends instead still writes last.
    expect(clientAddress({ headers: { "x-forwarded-for": "203.0.113.9" }, socket: socket("127.0.0.1") }, true)).toBe("203.0.113.9");
    expect(clientAddress({ headers: { "x-forwarded-for": "1.1.1.1, 203.0.113.9" }, socket: socket("127.0.0.1") }, true)).toBe(
      "203.0.113.9",
    );
    expect(clientAddress({ headers: {}, socket: socket("127.0.0.1") }, true)).toBe("127.0.0.1");
  });

  test("on Netlify (no socket, the adapter's request), the platform's header and nothing else", () => {
    const headers = { [NETLIFY_CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" };
    expect(clientAddress({ headers, netlifyFunctionParams: {} }, false)).toBe("203.0.113.9");
    expect(clientAddress({ headers, netlifyFunctionParams: {} }, true)).toBe("203.0.113.9");
    expect(clientAddress({ headers: {}, netlifyFunctionParams: {} }, false)).toBeUndefined();
    // A client that sends the platform's header to a server with a socket is not believed.
    expect(clientAddress({ headers, socket: socket("192.0.2.4") }, false)).toBe("192.0.2.4");
  });
});

describe("the key a client is counted under", () => {
  test("IPv4 one by one, IPv4-mapped IPv6 as IPv4", () => {
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  test("IPv6 per /64, however the address is written", () => {
    const key = rateLimitKey("2001:db8:85a3:12::8a2e:370:7334");
    expect(key).toBe("2001:db8:85a3:12::/64");
    expect(rateLimitKey("2001:0db8:85a3:0012:ffff:ffff:ffff:ffff")).toBe(key);
    expect(rateLimitKey("2001:db8:85a3:13::1")).not.toBe(key);
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
  });

  test("IPv6 per /56 where a whole home must count once (free-intro bookings)", () => {
    // A home given 2001:db8:85a3:1200::/56 has 256 /64s: every one of them is the same client here.
    const key = rateLimitKey("2001:db8:85a3:1234::8a2e:370:7334", 56);
    expect(key).toBe("2001:db8:85a3:1200::/56");
    expect(rateLimitKey("2001:db8:85a3:12ff:ffff:ffff:ffff:ffff", 56)).toBe(key);
    expect(rateLimitKey("2001:db8:85a3:1300::1", 56)).not.toBe(key);
    expect(rateLimitKey("203.0.113.9", 56)).toBe("203.0.113.9");
  });

  test("no address, or not an address, shares one key", () => {
    expect(rateLimitKey(undefined)).toBe("unknown");
    expect(rateLimitKey("not-an-ip")).toBe("unknown");
  });
});
