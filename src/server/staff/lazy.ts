import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { StaffRouteName } from "./server";

type StaffServer = typeof import("./server");

const KEY = Symbol.for("crossfit-graham.staff-server-module");

/**
 * A staff console endpoint (src/api/staff/*): each function file stays tiny and the staff server is
 * loaded once per process, for the reason given in ../lazy.ts.
 */
export function staffFunction(name: StaffRouteName) {
  return async function staffEndpoint(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const holder = globalThis as typeof globalThis & { [KEY]?: Promise<StaffServer> };
    holder[KEY] ??= import("./server");
    await (await holder[KEY]).handleStaff(name, req, res);
  };
}
