import type { Compiler } from "webpack";

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read it as a comment). It must be
 * the file's first line.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

const NAME = "CompileHint";

/**
 * Marks the scripts every page runs at start-up, webpack's initial chunks (today: its runtime, the
 * framework and the app), for eager compilation.
 *
 * V8 compiles a function the first time it is called, on the main thread, inside whatever task called
 * it, so on a cold load that compiling was a large part of the app's start-up task. With the hint, V8
 * compiles the whole file on its streaming thread while the file downloads (these scripts load after
 * the first paint; see scriptsAfterPaint.ts), including the functions start-up never calls (measured
 * on the home page: it calls 86% of the runtime's functions, 62% of the app's, 45% of the framework's).
 * Other chunks are left alone: they are small (5-18 KB each), and the gain was measured only for
 * these.
 *
 * The hint goes in after minification (the minifier would drop the comment) and before the source
 * maps are written, so the maps account for the extra line.
 */
export class CompileHint {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.canBeInitial()) continue;
          for (const file of chunk.files) {
            if (!file.endsWith(".js")) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(`${COMPILE_HINT}\n`, source));
          }
        }
      });
    });
  }
}
