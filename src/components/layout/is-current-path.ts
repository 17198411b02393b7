/** Whether a navigation link points at the page being shown (trailing slashes ignored). */
export function isCurrentPath(linkTo: string, pathname: string): boolean {
  const normalise = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') : value);
  return normalise(linkTo) === normalise(pathname);
}
