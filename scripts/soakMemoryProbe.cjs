/**
 * Loaded into the production server by `npm run bench:soak` (through NODE_OPTIONS), never by the site
 * itself: on SIGUSR2 it writes the server's memory as JSON to SOAK_MEMORY_FILE, so the soak can tell
 * the V8 heap from the rest of the process. Only the process running SOAK_MEMORY_SCRIPT answers: a
 * server's child processes (gatsby serve starts some) inherit NODE_OPTIONS and load this file too.
 *
 * Each reading gives heapUsed as it is, garbage included, and then liveHeap, heapUsed after a full
 * collection: what the server really holds, where a leak shows. The soak asks only twice (once warm and
 * at the end), as each collection it forces changes a little the memory it measures.
 */
const fs = require("node:fs");
const v8 = require("node:v8");
const vm = require("node:vm");

const file = process.env.SOAK_MEMORY_FILE;
if (file && process.argv[1] === process.env.SOAK_MEMORY_SCRIPT) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  let seq = 0;
  // Renamed into place, so the soak never reads half a file.
  const write = (reading) => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ pid: process.pid, seq: seq++, ...reading }));
    fs.renameSync(`${file}.tmp`, file);
  };
  process.on("SIGUSR2", () => {
    const { rss, heapUsed } = process.memoryUsage();
    gc();
    write({ rss, heapUsed, liveHeap: process.memoryUsage().heapUsed });
  });
  // The first file only says where to send the signal.
  write({});
}
