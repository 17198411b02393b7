// `npm run check:spelling`: proofreads every piece of copy in content/ in Australian English (cspell with
// @cspell/dict-en-au, settings in cspell.json, the project's own words in cspell-words.txt). American
// spellings (color, optimize) are mistakes here. Each problem names the file, the field and the word.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentWording } from './content-wording';
import { readCopy, type CopyFile } from './review/copy-fields';

export type SpellingProblem = { file: string; field: string; line: number; word: string; suggestions: string[] };

const ROOT = path.resolve(__dirname, '..');

/** Checks one file's copy as one document, each field on lines of its own, and maps every issue back to its field. */
async function checkFile(copy: CopyFile): Promise<SpellingProblem[]> {
  const { spellCheckDocument } = await import('cspell-lib');
  const starts: number[] = [];
  let text = '';
  for (const field of copy.fields) {
    starts.push(text.length);
    text += `${field.text}\n\n`;
  }
  const result = await spellCheckDocument(
    { uri: pathToFileURL(path.join(ROOT, `${copy.file}.txt`)).href, text, languageId: 'plaintext', locale: 'en-AU' },
    { configFile: path.join(ROOT, 'cspell.json'), noConfigSearch: true, generateSuggestions: true, numSuggestions: 3 },
    {},
  );
  if (result.errors?.length) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result.issues.map((issue) => {
    let index = starts.length - 1;
    while (index > 0 && starts[index] > issue.offset) index--;
    const field = copy.fields[index];
    const linesBefore = text.slice(starts[index], issue.offset).split('\n').length - 1;
    return {
      file: copy.file,
      field: field.field,
      line: field.line ? field.line + linesBefore : 0,
      word: issue.text,
      suggestions: (issue.suggestionsEx ?? []).map((suggestion) => suggestion.word).slice(0, 3),
    };
  });
}

/**
 * Values the code acts on (link targets, addresses, ids and the chat's listening words, which hold misspellings
 * on purpose so the bot understands them) are not proofread; the schemas mark them `notWording`.
 */
export async function checkSpelling(contentDir: string): Promise<SpellingProblem[]> {
  const wording = new Map(
    contentWording(contentDir).map(({ file, fields }) => [
      path.posix.join(path.basename(contentDir), file),
      new Set(fields.map(({ field }) => field)),
    ]),
  );
  const isWording = (file: string, field: string) =>
    field.startsWith('body paragraph') || (wording.get(file)?.has(field) ?? true);
  const problems: SpellingProblem[] = [];
  for (const copy of readCopy(contentDir)) {
    const fields = copy.fields.filter((field) => isWording(copy.file, field.field));
    problems.push(...(await checkFile({ ...copy, fields })));
  }
  return problems;
}

export function formatSpellingProblem(problem: SpellingProblem): string {
  const where = problem.line ? ` (line ${problem.line})` : '';
  const fix = problem.suggestions.length
    ? ` Did you mean ${problem.suggestions.map((word) => `'${word}'`).join(', ')}?`
    : '';
  return `- ${problem.file}, ${problem.field}${where}: '${problem.word}' is not in the Australian English dictionary.${fix}`;
}

async function main() {
  const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content');
  const problems = await checkSpelling(contentDir);
  if (problems.length > 0) {
    console.error(`Spelling: ${problems.length} word${problems.length === 1 ? '' : 's'} to check (see CONTENT.md):`);
    console.error(problems.map(formatSpellingProblem).join('\n'));
    console.error('If a word is right (a name, a product, a term), add it to cspell-words.txt, one word a line.');
    process.exit(1);
  }
  console.log('Spelling: every piece of copy in content/ is Australian English.');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
