import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { FormName } from "../../forms/registry";

type FormServer = typeof import("./server");

const KEY = Symbol.for("crossfit-graham.form-server-module");

/**
 * `gatsby serve` evaluates a function's file afresh on every request. Evaluating the form server
 * (schemas, database drivers, mailer) costs about 70 ms, so the function files stay tiny and load it
 * once per process through a dynamic import whose result is kept on globalThis.
 */
function formServer(): Promise<FormServer> {
  const holder = globalThis as typeof globalThis & { [KEY]?: Promise<FormServer> };
  holder[KEY] ??= import("./server");
  return holder[KEY];
}

export function formFunction(form: FormName) {
  return async function formEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.handle(form, req, res);
  };
}

/** GET /api/intro-slots, through the same once-per-process module. */
export function introSlotsFunction() {
  return async function introSlotsEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.introSlots(req, res);
  };
}

/** POST /api/intro-cancel, the visitor's own cancel link, through the same once-per-process module. */
export function introCancelFunction() {
  return async function introCancelEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.introCancel(req, res);
  };
}

/** POST /api/privacy-confirm, the link that confirms a privacy request, through the same once-per-process module. */
export function privacyConfirmFunction() {
  return async function privacyConfirmEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.privacyConfirm(req, res);
  };
}
