// Chrome (136+) compiles every function of a script whose first line is this comment while the script
// streams in, on a background thread. Without it V8 only pre-parses each function and compiles it on the
// main thread the first time it is called, which for the scripts that start the site is almost all of them:
// webpack calling each module's factory, React and Gatsby starting, the page hydrating. That compiling sat
// inside the app's startup task, the longest task of a load. Browsers without the hint ignore the comment.
import type { Compilation, Compiler } from 'webpack';

export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const PLUGIN_NAME = 'EagerCompileHintPlugin';

/**
 * The chunk groups a visit runs as it loads, as bench/lib/first-load.ts counts them: the `app` entry
 * (webpack's runtime, React, the app) and the page components (`component---…`). Chunks loaded later with
 * import(), such as the chat panel and the Supabase client, keep V8's lazy compiling.
 */
export function runsOnLoad(chunkGroupName: string | null | undefined): boolean {
  return chunkGroupName === 'app' || Boolean(chunkGroupName?.startsWith('component---'));
}

function scriptsRunOnLoad(compilation: Compilation): Set<string> {
  const files = new Set<string>();
  for (const [name, group] of compilation.namedChunkGroups) {
    if (!runsOnLoad(name)) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return files;
}

/** Puts the hint on the first line of the scripts that run on load, after minifying and before source maps. */
export class EagerCompileHintPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the minifier (which would drop the comment), before the source maps are written (so they
        // account for the added line) and before the real content hashes are computed.
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of scriptsRunOnLoad(compilation)) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(EAGER_COMPILE_HINT, source));
          }
        },
      );
    });
  }
}
