/**
 * Gatsby Function settings for Stripe's webhook (src/server/payments/): its JSON arrives unparsed, as
 * the bytes Stripe sent (a Buffer), because Stripe's signature is over those bytes and JSON parsed and
 * written again would not match. Gatsby's function wrapper (gatsby serve, Netlify) runs its `raw`
 * parser first; the production server does the same (host/functions.ts), and the nginx configuration
 * lets this address take the same size (scripts/self-host-config.ts). Stripe's events are a few
 * kilobytes (4 to 8 KB seen), more than a form's 16 KB allows only rarely: 64 KB leaves room for a
 * large one. Outside src/ for the reason given in formFunction.ts.
 */
export const config = {
  bodyParser: {
    raw: { type: "application/json", limit: "64kb" },
    // A type no request carries: the raw parser alone reads JSON. On the request Netlify's adapter
    // makes (a stream without a socket) body-parser cannot tell that the raw parser has read the body,
    // and the JSON parser would try to read it again and fail.
    json: { type: "application/x-read-by-the-raw-parser", limit: "16kb" },
    text: { limit: "16kb" },
    urlencoded: { limit: "16kb", extended: false },
  },
};
