// `npm run preview`: serves the production build in public/ on 127.0.0.1 (build it first with npm run build).
import fs from 'node:fs';
import { startStaticServer } from './static-server';

const port = Number(process.env.PORT ?? 9000);

async function main() {
  if (!fs.existsSync('public/index.html')) {
    console.error('There is no production build in public/. Run `npm run build` first.');
    process.exit(1);
  }
  const server = await startStaticServer({ root: 'public', port });
  console.log(`Production build served at ${server.url}`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
