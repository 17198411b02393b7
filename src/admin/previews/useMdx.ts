// Compiles an MDX body in the editor with the compiler the build uses (@mdx-js/mdx, as gatsby-plugin-mdx and
// render-mdx.ts), so the preview shows what the page will show. Compiling runs generated code, which is why
// /admin's Content-Security-Policy allows 'unsafe-eval' (docs/security.md).
import { useEffect, useState, type ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import { evaluate } from '@mdx-js/mdx';

type Compiled = { Content?: ComponentType<{ components?: Record<string, ComponentType<never>> }>; error?: string };

export function useMdx(body: string): Compiled {
  const [compiled, setCompiled] = useState<Compiled>({});
  useEffect(() => {
    let current = true;
    evaluate(body, { ...runtime, development: false } as Parameters<typeof evaluate>[1]).then(
      (module) => current && setCompiled({ Content: module.default as Compiled['Content'] }),
      (error: Error) => current && setCompiled({ error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [body]);
  return compiled;
}
