// `npm run check:content`: validates every file in content/ and explains each problem (see CONTENT.md).
import path from 'node:path';
import { formatProblems, loadContent } from '../src/content-model/check';

const { problems } = loadContent(path.resolve(process.env.CONTENT_DIR ?? 'content'));
if (problems.length > 0) {
  console.error(`The content has ${problems.length} problem${problems.length === 1 ? '' : 's'} (see CONTENT.md):`);
  console.error(formatProblems(problems));
  process.exit(1);
}
console.log('Content check: every file in content/ is valid.');
