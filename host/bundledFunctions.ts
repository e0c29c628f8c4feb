import type express from "express";

type Handler = (req: express.Request, res: express.Response) => unknown;

/** What a function file exports, as the production server calls it (host/functions.ts). */
export interface FunctionModule {
  default?: Handler;
  config?: { bodyParser?: { json?: Parameters<typeof express.json>[0]; raw?: Parameters<typeof express.raw>[0] } };
}

/**
 * The functions of src/api/ by their file name there (as Gatsby's manifest names them), when the server
 * runs as the bundle host/serve.mjs makes: its esbuild plugin replaces this module with one that imports
 * every file. Run from source (tsx, Jest), it stays undefined and each function loads from its file.
 */
export const bundledFunctions: Record<string, FunctionModule> | undefined = undefined;
