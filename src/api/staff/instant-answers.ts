import { staffFunction } from "../../server/app/functions";

export * from "../../../server-options/staffFunction";

export default staffFunction("instant-answers");
