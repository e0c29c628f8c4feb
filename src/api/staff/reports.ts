import { staffFunction } from "../../server/staff/lazy";

export * from "../../../server-options/staffFunction";

export default staffFunction("reports");
