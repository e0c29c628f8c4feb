import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { FormName } from "../../forms/registry";
import type { StaffRouteName } from "./staff";

/**
 * What the function files of src/api/ call, each a line. `gatsby serve` evaluates a function's file
 * afresh on every request. Evaluating the form server (schemas, database drivers, mailer) costs about
 * 70 ms, so the function files stay tiny and load it once per process through a dynamic import whose
 * result is kept on globalThis; the staff server likewise.
 */

type FormServer = typeof import("./forms");
type StaffServer = typeof import("./staff");

const KEY = Symbol.for("crossfit-graham.form-server-module");
const STAFF_KEY = Symbol.for("crossfit-graham.staff-server-module");

function formServer(): Promise<FormServer> {
  const holder = globalThis as typeof globalThis & { [KEY]?: Promise<FormServer> };
  holder[KEY] ??= import("./forms");
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
    await server.serve("intro-slots", req, res);
  };
}

/** POST /api/intro-cancel, the visitor's own cancel link, through the same once-per-process module. */
export function introCancelFunction() {
  return async function introCancelEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.serve("intro-cancel", req, res);
  };
}

/** POST /api/privacy-confirm, the link that confirms a privacy request, through the same once-per-process module. */
export function privacyConfirmFunction() {
  return async function privacyConfirmEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.serve("privacy-confirm", req, res);
  };
}

/** A staff console endpoint (src/api/staff/*), through the staff server, loaded once per process. */
export function staffFunction(name: StaffRouteName) {
  return async function staffEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const holder = globalThis as typeof globalThis & { [STAFF_KEY]?: Promise<StaffServer> };
    holder[STAFF_KEY] ??= import("./staff");
    await (await holder[STAFF_KEY]).handleStaff(name, req, res);
  };
}
