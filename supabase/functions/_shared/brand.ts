// The brand the e-mails and calendar invitations name: content/site.json's brandName, the one the site shows and
// the editor changes. Imported, never copied: no function spells the brand (__tests__/dev/notify-function-pins).
//
// The hosted deploy bundles content/site.json with the function: `supabase functions deploy` walks the
// entrypoint's static imports from the project's root (the folder holding supabase/) and takes every relative
// import with a file extension, inside supabase/functions or not; with Docker it mounts them into the bundling
// container ("Imports outside of ./supabase/functions will be bound by walking the entrypoint", supabase/cli
// internal/functions/deploy/bundle.go), without (`--use-api`) it uploads them (pkg/function/deploy.go), both via
// WalkImportPaths (pkg/function/deno.go). So the brand is fixed at deploy: redeploy notify-leads and calendar-sync
// after renaming it. docs/notifications.md ("The brand") has the details. A JSON module is part of the module
// graph, not a file read: no --allow-read for `npm run backend` or `npm run test:functions`.
import site from '../../../content/site.json' with { type: 'json' };

export const BRAND_NAME: string = site.brandName;

/** The PRODID of every calendar object the functions write: who made it. */
export const CALENDAR_PRODUCT = { company: BRAND_NAME, product: 'Strategy call bookings', language: 'EN' };
