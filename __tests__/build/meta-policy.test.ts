/** @jest-environment node */
// 404.html carries its Content-Security-Policy in a meta element. A page Gatsby's incremental build leaves as it
// was still holds the previous build's meta; a second one would add a policy whose hashes block today's scripts.
import { withMetaPolicy } from '../../src/build/security-headers';

test('replaces the policy meta of an earlier build instead of adding a second one', () => {
  const earlier = withMetaPolicy('<html><head><title>Not found</title></head></html>', "script-src 'sha256-old'");
  const now = withMetaPolicy(earlier, "script-src 'sha256-new'");
  expect(now).toBe(
    `<html><head><meta http-equiv="Content-Security-Policy" content="script-src 'sha256-new'"/><title>Not found</title></head></html>`,
  );
});
