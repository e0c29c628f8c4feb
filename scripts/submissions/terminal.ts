import { createInterface } from "node:readline/promises";

/** Asks on the terminal (stdin and stdout); Ctrl+C or Ctrl+D closes the question unanswered, which is no answer (""). */
export async function askOnTerminal(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  let answered = false;
  const closed = new Promise<string>((resolve) =>
    terminal.once("close", () => {
      // Enter ended the question's line; without it, what follows would be printed on that line.
      if (!answered) process.stdout.write("\n");
      resolve("");
    }),
  );
  const answer = terminal.question(question).then((text) => {
    answered = true;
    return text;
  });
  try {
    // Node 20 leaves the question pending when the interface closes first; the race settles it.
    return await Promise.race([answer, closed]);
  } finally {
    terminal.close();
  }
}
