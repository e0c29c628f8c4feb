/** Reads a command line with node:util's parseArgs, strictly, with the options COMMANDS gives each command. */
import { parseArgs as parseArgv, type ParseArgsConfig } from "node:util";
import { parseArgsProblem } from "../parseArgsProblem";
import { UsageError } from "./command";
import { blankOptions, COMMANDS, type CommandSpec, type Options } from "./commands";

const HELP = ["--help", "-h"];

/** The command argv names and the arguments after its name; a group's word alone gives its commands instead. */
function lookUp(argv: readonly string[]): { spec?: CommandSpec; group: readonly CommandSpec[]; rest: string[] } {
  const [first = "", second = ""] = argv;
  const group = COMMANDS.filter((command) => command.name.startsWith(`${first} `));
  const spec = COMMANDS.find((command) => command.name === first || command.name === `${first} ${second}`);
  return { spec, group, rest: argv.slice(spec?.name.includes(" ") ? 2 : 1) };
}

/** The command (or group) argv names, to point at its help; "" when it names none. */
export function helpTopic(argv: readonly string[]): string {
  const { spec, group } = lookUp(argv);
  return spec?.name ?? (group.length > 0 ? (argv[0] ?? "") : "");
}

function readCommand(spec: CommandSpec, args: string[]): Options {
  const positionals = spec.positionals ?? [];
  const config: ParseArgsConfig = {
    args,
    strict: true,
    allowPositionals: positionals.length > 0,
    options: {
      ...Object.fromEntries(Object.entries(spec.options).map(([name, option]) => [name, { type: option.type }])),
      help: { type: "boolean", short: "h" },
    },
  };
  let parsed: ReturnType<typeof parseArgv>;
  try {
    parsed = parseArgv(config);
  } catch (error) {
    throw new UsageError(parseArgsProblem(error));
  }
  const { values } = parsed;
  const options = blankOptions(spec.name);
  if (values.help) return { ...options, command: "help", topic: spec.name };
  for (const [name, option] of Object.entries(spec.options)) {
    const value = values[name];
    if (option.type === "string" && typeof value === "string") option.set(options, value);
    else if (option.type === "boolean" && value === true) option.set(options);
    else if (option.type === "string" && option.required) throw new UsageError(`${spec.name} needs --${name} ${option.value}`);
  }
  const extra = parsed.positionals[positionals.length];
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}"`);
  positionals.forEach((positional, index) => {
    const value = parsed.positionals[index];
    if (value !== undefined) positional.set(options, value);
    else if (positional.missing) throw new UsageError(positional.missing);
  });
  const problem = spec.check?.(options);
  if (problem) throw new UsageError(problem);
  return options;
}

export function parseArgs(argv: readonly string[]): Options {
  const [first] = argv;
  if (first === undefined) throw new UsageError("Give a command");
  if (HELP.includes(first)) return blankOptions("help");
  const { spec, group, rest } = lookUp(argv);
  if (spec) return readCommand(spec, rest);
  if (group.length === 0) throw new UsageError(`Unknown command "${first}"`);
  if (argv[1] !== undefined && HELP.includes(argv[1])) return { ...blankOptions("help"), topic: first };
  throw new UsageError(`${first} needs ${group.map((command) => command.name.slice(first.length + 1)).join(" or ")}`);
}
