import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { FormName } from "../../forms/registry";
import type { EndpointName } from "./forms";
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

/**
 * A visitor's endpoint beside the forms (GET /api/intro-slots, GET /api/intro-calendar, POST
 * /api/intro-cancel, POST /api/privacy-confirm), through the same module.
 */
export function endpointFunction(name: EndpointName) {
  return async function endpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const server = await formServer();
    await server.serve(name, req, res);
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
