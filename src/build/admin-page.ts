// The editor's one HTML page, /admin/index.html: kept out of search engines (also by the X-Robots-Tag header and
// robots.txt), no inline script, so its Content-Security-Policy needs no hash.
export const ADMIN_PATH = '/admin';

export function adminPageHtml(entryUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor</title>
    <script type="module" src="${entryUrl}"></script>
  </head>
  <body></body>
</html>
`;
}
