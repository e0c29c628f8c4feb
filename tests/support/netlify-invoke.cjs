/**
 * Runs a built Netlify function (.netlify/functions-internal/<id>/<id>.js, written by the adapter)
 * on Lambda-style events, one after another, the way Netlify's platform calls it: no socket, headers
 * from the event. Prints each answer's status and headers as JSON. Its own process, so the
 * function's per-process state starts empty.
 *
 *   node tests/support/netlify-invoke.cjs <function file> '<events as JSON>'
 */
const path = require("node:path");

const [file, events] = process.argv.slice(2);
const { handler } = require(path.resolve(file));

(async () => {
  const answers = [];
  for (const event of JSON.parse(events)) {
    const answer = await handler(event, {});
    answers.push({ statusCode: answer.statusCode, headers: answer.multiValueHeaders });
  }
  process.stdout.write(JSON.stringify(answers));
  process.exit(0);
})();
