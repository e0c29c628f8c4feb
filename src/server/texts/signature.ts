import { validateRequest } from "twilio/lib/webhooks/webhooks";

/**
 * Twilio signs each request it sends the site (a text coming in at /api/sms, a delivery report at
 * /api/sms-status) with the account's auth token: X-Twilio-Signature is an HMAC of the address Twilio
 * was given and the posted fields. The check is the SDK's own `validateRequest` (from its webhooks
 * module alone, without the half second the whole SDK takes to load), against SITE_URL's origin and the
 * path as the request named it: the address configured in Twilio's console. A request without the
 * header, signed with another token, for another address, or with any field changed is not Twilio's;
 * the routes answer it 403 and keep nothing of it.
 */
export const SIGNATURE_HEADER = "x-twilio-signature";

/** A posted form's fields as Twilio signed them: each name with its value, or its values when repeated. */
export type TwilioParams = Record<string, string | string[]>;

/** The fields of an application/x-www-form-urlencoded body, as `validateRequest` takes them. */
export function formParams(body: string): TwilioParams {
  const params: TwilioParams = Object.create(null) as TwilioParams;
  for (const [name, value] of new URLSearchParams(body)) {
    const previous = params[name];
    params[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return params;
}

export interface SignedRequest {
  authToken: string;
  /** SITE_URL's origin (runtime's siteOrigin): the address Twilio's console holds for the webhooks. */
  siteOrigin: string;
  /** The request's path and query, as its request line had them (`/api/sms`). */
  target: string;
  params: TwilioParams;
  /** The X-Twilio-Signature header; undefined or repeated is not a signature. */
  signature: string | string[] | undefined;
}

export function signedByTwilio(request: SignedRequest): boolean {
  const { signature, target } = request;
  if (typeof signature !== "string" || signature === "" || !target.startsWith("/") || target.startsWith("//")) return false;
  try {
    return validateRequest(request.authToken, signature, `${request.siteOrigin}${target}`, request.params);
  } catch {
    // validateRequest parses the address; one it cannot parse was never signed by Twilio.
    return false;
  }
}
