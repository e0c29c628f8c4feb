/** The help text, made from the same table as the parser (commands.ts). */
import { COMMANDS, type CommandSpec } from "./commands";

const RUN = "npm run submissions --";

/** Two columns: the left one as wide as its widest entry. */
function columns(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** Prose in lines of at most `width` characters, so the help reads well in a narrow terminal. */
function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n");
}

function synopsis(spec: CommandSpec): string {
  const parts = [
    ...(spec.positionals ?? []).map((positional) => (positional.missing ? positional.name : `[${positional.name}]`)),
    ...Object.entries(spec.options).map(([name, option]) => {
      const written = option.type === "string" ? `--${name} ${option.value}` : `--${name}`;
      return option.type === "string" && option.required ? written : `[${written}]`;
    }),
  ];
  return [RUN, spec.name, ...parts].join(" ");
}

function commandHelp(spec: CommandSpec): string {
  const options = columns([
    ...Object.entries(spec.options).map(([name, option]): [string, string] => [
      option.type === "string" ? `--${name} ${option.value}` : `--${name}`,
      option.help,
    ]),
    ["-h, --help", "shows this help"],
  ]);
  const positionals = spec.positionals ?? [];
  return [
    synopsis(spec),
    "",
    wrap(spec.about ?? `${spec.summary[0]?.toUpperCase()}${spec.summary.slice(1)}.`),
    ...(positionals.length > 0 ? ["", "Arguments:", ...columns(positionals.map((p) => [p.name, p.help]))] : []),
    "",
    "Options:",
    ...options,
    "",
    "Example:",
    `  ${RUN} ${spec.example}`,
  ].join("\n");
}

/** Without a topic, the list of commands; with one, that command's help (a group's: each of its commands'). */
export function helpText(topic?: string): string {
  if (topic) {
    const specs = COMMANDS.filter((spec) => spec.name === topic || spec.name.startsWith(`${topic} `));
    return specs.map(commandHelp).join("\n\n");
  }
  return [
    "Staff tools for the form submissions, and for the privacy duties of Washington's My Health My Data Act.",
    "",
    `Usage: ${RUN} <command> [options]`,
    "",
    "Commands:",
    ...columns(COMMANDS.map((spec) => [spec.name, spec.summary])),
    "",
    `${RUN} <command> --help shows a command's options and an example.`,
  ].join("\n");
}
