import type { FunctionModule } from "./functions";

/**
 * The functions of src/api/ by their file name there (as Gatsby's manifest names them), when the server
 * runs as the bundle host/serve.mjs makes: its esbuild plugin replaces this module with one that imports
 * every file. Run from source (tsx, Jest), it stays undefined and each function loads from its file.
 */
export const bundledFunctions: Record<string, FunctionModule> | undefined = undefined;
